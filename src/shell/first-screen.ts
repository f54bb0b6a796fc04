// The picture taking, loaded once the first screen is shown (main.tsx); forgetting them is the entry's.
import {
  forgetPicture,
  PICTURE_ATTRIBUTE,
  PICTURE_PREFIX,
  type Picture,
  picturedUrls,
} from './first-screen-picture'

/** Pictures kept: the screens a user opens most; each at most this many characters. */
const MAX_PICTURES = 6
const MAX_HTML = 200_000

/**
 * Keeps a picture of the screen now shown at `url`, in the scope this tab shows (`pictureScope`), for
 * the next start (first-screen-picture.ts), and
 * at `alias` too: the address it was opened at, which the console may have completed (its defaults).
 * Only a screen the console itself rendered, with its data: never the picture or the static frame.
 */
export function takePicture(scope: string, url: string, alias?: string) {
  try {
    const root = document.getElementById('root')
    if (!root || root.querySelector(`[${PICTURE_ATTRIBUTE}],[data-static-frame]`)) return
    // An editor (the entity forms validate themselves: novalidate) is never pictured: its picture looks
    // like the form, and on a slow start the real one replaced it under the user's hands. Such a
    // screen starts from the static frame, and its form appears once, ready for input.
    if (root.querySelector('form[novalidate]')) {
      for (const key of new Set([url, alias ?? url])) forgetPicture(key)
      return
    }
    const html = withoutSecrets(openMenu(root)).innerHTML
    if (html.length === 0 || html.length > MAX_HTML) return
    const picture: Picture = { scope, html }
    const value = JSON.stringify(picture)
    const now = String(Date.now())
    for (const key of new Set([url, alias ?? url])) {
      localStorage.setItem(PICTURE_PREFIX + key, value)
      localStorage.setItem(`${PICTURE_PREFIX}@${key}`, now)
    }
    const urls = picturedUrls()
    for (const old of urls.slice(0, Math.max(0, urls.length - MAX_PICTURES))) forgetPicture(old)
  } catch {
    // A full or blocked storage: the next start shows the static frame, as without a picture.
  }
}

/** A copy of the screen with its menu open: every start opens the menu, so the picture does too. */
function openMenu(root: HTMLElement): HTMLElement {
  if (!root.querySelector('[data-menu-collapsed],[data-menu-tip]')) return root
  const copy = root.cloneNode(true) as HTMLElement
  for (const el of copy.querySelectorAll('[data-menu-collapsed]')) el.removeAttribute('data-menu-collapsed')
  for (const el of copy.querySelectorAll('[data-menu-tip]')) el.remove()
  return copy
}

/** Fields holding a secret: a password field, or a secret field shown as text. */
const SECRET_INPUTS = 'input[type="password"],input[data-secret]'

/**
 * A copy without what was typed into secret fields: React writes a field's value into its `value`
 * attribute, and a picture is kept in localStorage, where no secret may stay.
 */
function withoutSecrets(root: HTMLElement): HTMLElement {
  if (!root.querySelector(SECRET_INPUTS)) return root
  const copy = root.cloneNode(true) as HTMLElement
  for (const input of copy.querySelectorAll(SECRET_INPUTS)) input.removeAttribute('value')
  return copy
}
