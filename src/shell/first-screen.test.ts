import { afterEach, describe, expect, it } from 'vitest'
import { takePicture } from './first-screen'
import { forgetPictures, paintPicture, pictureScope, storedScope } from './first-screen-picture'

const root = () => document.getElementById('root') as HTMLElement

function showScreen(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`
}

afterEach(() => {
  localStorage.clear()
  document.body.innerHTML = ''
})

describe('first-screen pictures', () => {
  it('paints the picture of the URL taken in the stored scope, inert and hidden from assistive technology', () => {
    showScreen('<main><table><tr><td>Row &lt;b&gt;1</td></tr></table></main>')
    takePicture(storedScope(), '/data-formats?page=1&limit=10', '/data-formats')
    showScreen('<div data-static-frame>frame</div>')
    expect(paintPicture(root(), '/data-formats')).toBe(true)
    const picture = root().querySelector<HTMLElement>('[data-first-screen]')
    expect(picture?.getAttribute('aria-hidden')).toBe('true')
    expect(picture?.inert).toBe(true)
    // Server text stays text.
    expect(picture?.querySelector('td')?.textContent).toBe('Row <b>1')
    expect(picture?.querySelector('b')).toBeNull()
    expect(root().textContent).not.toContain('frame')
  })

  it('keeps nothing typed into a secret field, hidden or shown as text', () => {
    showScreen(
      '<form><input name="name" value="Nightly"><input type="password" value="typed-secret-1">' +
        '<input type="text" data-secret value="typed-secret-2"></form>',
    )
    takePicture(storedScope(), '/tasks/create')
    const kept = JSON.stringify(localStorage)
    expect(kept).toContain('Nightly')
    expect(kept).not.toContain('typed-secret')
    // The screen itself keeps what was typed.
    expect(root().querySelector('input[type="password"]')?.getAttribute('value')).toBe('typed-secret-1')
  })

  it('paints nothing taken in another environment, organization or language', () => {
    showScreen('<p>sandbox list</p>')
    takePicture(pictureScope('fi', 'sandbox', 'v2', ''), '/tasks')
    localStorage.setItem('environment', 'production')
    showScreen('<div data-static-frame>frame</div>')
    expect(paintPicture(root(), '/tasks')).toBe(false)
    expect(root().textContent).toBe('frame')
    localStorage.setItem('environment', 'sandbox')
    localStorage.setItem('organizationId', 'o2')
    expect(paintPicture(root(), '/tasks')).toBe(false)
    localStorage.removeItem('organizationId')
    localStorage.setItem('locale', 'en')
    expect(paintPicture(root(), '/tasks')).toBe(false)
    localStorage.removeItem('locale')
    expect(paintPicture(root(), '/tasks')).toBe(true)
  })

  it('pictures the menu open, as every start shows it, even when it was collapsed to its rail', () => {
    showScreen(
      '<aside><div data-menu-collapsed="true" class="group">menu<div data-menu-tip>Tasks</div></div></aside><main>list</main>',
    )
    takePicture(storedScope(), '/tasks')
    expect(root().querySelector('[data-menu-collapsed]')).not.toBeNull()
    showScreen('<div data-static-frame>frame</div>')
    expect(paintPicture(root(), '/tasks')).toBe(true)
    const picture = root().querySelector('[data-first-screen]')
    expect(picture?.querySelector('.group')).not.toBeNull()
    expect(picture?.querySelector('[data-menu-collapsed]')).toBeNull()
    expect(picture?.querySelector('[data-menu-tip]')).toBeNull()
    expect(picture?.textContent).toBe('menulist')
  })

  it('never pictures the static frame or a painted picture, and keeps the six latest URLs', () => {
    showScreen('<div data-static-frame>frame</div>')
    takePicture(storedScope(), '/a')
    expect(localStorage.getItem('firstScreen:/a')).toBeNull()
    for (let i = 0; i < 8; i += 1) {
      showScreen(`<p>screen ${i}</p>`)
      takePicture(storedScope(), `/s${i}`)
    }
    const kept = Object.keys(localStorage).filter((k) => k.startsWith('firstScreen:/'))
    expect(kept.length).toBe(6)
    expect(kept).not.toContain('firstScreen:/s0')
    expect(paintPicture(root(), '/s7')).toBe(true)
    takePicture(storedScope(), '/s7')
    expect(localStorage.getItem('firstScreen:/s7')).toContain('screen 7')
    forgetPictures()
    expect(Object.keys(localStorage).filter((k) => k.startsWith('firstScreen:'))).toEqual([])
  })

  it('never pictures an editor, and forgets an earlier picture of its address', () => {
    showScreen('<main><h1>Edit</h1><p>old</p></main>')
    takePicture(storedScope(), '/data-formats/a/edit')
    showScreen('<main><h1>Edit</h1><form novalidate><input name="name" value="A"></form></main>')
    takePicture(storedScope(), '/data-formats/a/edit')
    showScreen('<div data-static-frame>frame</div>')
    expect(paintPicture(root(), '/data-formats/a/edit')).toBe(false)
    expect(root().textContent).toBe('frame')
  })
})
