import { act, fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxEntry } from '../outbox/db'
import { renderInConsole } from '../test-render'
import { DeleteDialog } from './delete-dialog'

const outcome = vi.hoisted(() => ({ next: undefined as unknown }))
vi.mock('../outbox/save-outcome', () => ({ awaitOutcome: vi.fn(async () => outcome.next) }))
vi.mock('../outbox/outbox', () => ({ discardEntry: vi.fn(async () => {}), retryEntry: vi.fn() }))
vi.mock('./notice', () => ({ showNotice: vi.fn() }))

const { discardEntry } = await import('../outbox/outbox')
const { showNotice } = await import('./notice')

const entry = { id: 'e1', seq: 1, label: 'Weather', method: 'DELETE' } as OutboxEntry

function renderDialog(locale: 'en' | 'fi' = 'en') {
  const onClose = vi.fn()
  const onInUse = vi.fn()
  renderInConsole(
    <DeleteDialog
      open
      title="Delete Weather?"
      queue={async () => entry}
      onClose={onClose}
      onInUse={onInUse}
    />,
    { locale },
  )
  return { onClose, onInUse }
}

const confirm = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }))
  })
}

beforeEach(() => vi.clearAllMocks())

describe('a delete dialog', () => {
  it('closes with "deleted" only once the platform deleted it', async () => {
    outcome.next = { kind: 'sent', entityId: 'x' }
    const { onClose } = renderDialog()
    await confirm('Delete')
    expect(onClose).toHaveBeenCalledWith(true)
    expect(showNotice).toHaveBeenCalledWith('success', 'Weather deleted.')
  })

  it('keeps a 409 refusal in the dialog, in Finnish, asks again what uses it, and leaves nothing queued when dismissed', async () => {
    outcome.next = {
      kind: 'refused',
      entry: {
        ...entry,
        status: 'failed',
        lastStatus: 409,
        lastError: 'Product is in use and cannot be deleted.',
      },
    }
    const { onClose, onInUse } = renderDialog('fi')
    await confirm('Poista')
    expect(onClose).not.toHaveBeenCalled()
    expect(onInUse).toHaveBeenCalled()
    expect(screen.getByTestId('platform-refusal').textContent).toContain(
      'Jokin käyttää sitä, joten alusta ei poistanut sitä.',
    )
    expect(screen.getByTestId('platform-text').textContent).toContain(
      '409: Tuote on käytössä, eikä sitä voi poistaa.',
    )
    expect(showNotice).not.toHaveBeenCalled()
    await confirm('Peruuta')
    expect(discardEntry).toHaveBeenCalledWith('e1')
    expect(onClose).toHaveBeenCalledWith(false)
  })

  it('says a server error in the dialog and that the delete is kept to send', async () => {
    outcome.next = { kind: 'queued', entry: { ...entry, status: 'pending' }, lastStatus: 502 }
    const { onClose } = renderDialog()
    await confirm('Delete')
    expect(screen.getByTestId('platform-refusal').textContent).toContain(
      'The platform could not delete it now (502).',
    )
    await confirm('Close')
    expect(discardEntry).not.toHaveBeenCalled()
    expect(onClose).toHaveBeenCalledWith(true)
  })
})
