import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { queueProductPart } from '../../api/product-parts'
import { renderInConsole } from '../../test-render'
import { JsonPartEditor } from './json-part-editor'

vi.mock('../../api/product-parts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../api/product-parts')>()
  return { ...actual, queueProductPart: vi.fn() }
})

afterEach(() => vi.mocked(queueProductPart).mockReset())

function renderEditor(locale: 'en' | 'fi' = 'en') {
  const onSaved = vi.fn()
  renderInConsole(
    <JsonPartEditor
      sourceId="s1"
      part="meta"
      label="Config"
      value={{ url: 'https://a.example' }}
      loading={false}
      productName="P"
      baseVersion="1"
      saved={false}
      onSaved={onSaved}
    />,
    { locale },
  )
  const editor = screen.getByLabelText('Config') as HTMLTextAreaElement
  return { editor, onSaved }
}

const CHUNK = new TypeError(
  'Failed to fetch dynamically imported module: http://localhost/assets/import-wrapper-x.js',
)

describe('the JSON part editor, when its save cannot be queued', () => {
  it.each([
    ['en', false, 'Not saved: there is no connection, and this device cannot keep the change yet.'],
    [
      'fi',
      true,
      'Ei tallennettu: konsolin osaa, joka säilyttää muutokset tällä laitteella, ei voitu ladata.',
    ],
  ] as const)(
    'keeps the text and says why in the user’s language, without marking the JSON invalid (%s, online: %s)',
    async (locale, online, said) => {
      const connection = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
      onTestFinished(() => connection.mockRestore())
      vi.mocked(queueProductPart).mockRejectedValue(CHUNK)
      const { editor, onSaved } = renderEditor(locale)
      fireEvent.change(editor, { target: { value: '{"url":"https://b.example"}' } })
      fireEvent.click(screen.getByRole('button', { name: /Config/ }))
      expect(await screen.findByText(said, { exact: false })).toBeTruthy()
      expect(editor.value).toBe('{"url":"https://b.example"}')
      expect(editor.getAttribute('aria-invalid')).toBe('false')
      expect(document.body.textContent).not.toMatch(/dynamically imported module/)
      expect(onSaved).not.toHaveBeenCalledWith(true)
    },
  )

  it('marks the JSON invalid when it is, and queues nothing', async () => {
    const { editor } = renderEditor()
    fireEvent.change(editor, { target: { value: '{"url":' } })
    fireEvent.click(screen.getByRole('button', { name: /Config/ }))
    await waitFor(() => expect(editor.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById(editor.getAttribute('aria-describedby') ?? '')?.textContent).toBeTruthy()
    expect(queueProductPart).not.toHaveBeenCalled()
  })

  it('shows another failure as its own text', async () => {
    vi.mocked(queueProductPart).mockRejectedValue(new Error('The product is gone'))
    const { editor } = renderEditor()
    fireEvent.change(editor, { target: { value: '{"a":1}' } })
    fireEvent.click(screen.getByRole('button', { name: /Config/ }))
    expect(await screen.findByText(/The product is gone/)).toBeTruthy()
  })
})
