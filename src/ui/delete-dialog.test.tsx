import { QueryClient, queryOptions } from '@tanstack/react-query'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { UsedBy } from '../contract/envelope'
import type { OutboxEntry } from '../outbox/db'
import { renderInConsole } from '../test-render'
import { DeleteDialog, UsedByDeleteDialog } from './delete-dialog'

const outcome = vi.hoisted(() => ({ next: undefined as unknown }))
vi.mock('../outbox/save-outcome', () => ({ awaitOutcome: vi.fn(async () => outcome.next) }))
vi.mock('../outbox/outbox', () => ({
  discardEntry: vi.fn(async () => {}),
  retryEntry: vi.fn(),
  isLocalId: (id: string) => id.startsWith('local-'),
}))
vi.mock('./notice', () => ({ showNotice: vi.fn() }))

const { discardEntry } = await import('../outbox/outbox')
const { showNotice } = await import('./notice')

const entry = { id: 'e1', seq: 1, label: 'Weather', method: 'DELETE' } as OutboxEntry

function renderDialog(locale: 'en' | 'fi' = 'en', queue: () => Promise<OutboxEntry> = async () => entry) {
  const onClose = vi.fn()
  const onInUse = vi.fn()
  renderInConsole(
    <DeleteDialog open title="Delete Weather?" queue={queue} onClose={onClose} onInUse={onInUse} />,
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
  it.each([
    [
      'en',
      false,
      'Not deleted: there is no connection, and this device cannot keep the delete yet. Delete again once you are online.',
    ],
    [
      'fi',
      true,
      'Ei poistettu: konsolin osaa, joka säilyttää muutokset tällä laitteella, ei voitu ladata. Poista uudelleen.',
    ],
  ] as const)(
    'says a delete this device could not keep (the outbox code not loaded), stays open, and Delete tries again (%s, online: %s)',
    async (locale, online, said) => {
      const connection = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
      onTestFinished(() => connection.mockRestore())
      const queue = vi
        .fn<() => Promise<OutboxEntry>>()
        .mockRejectedValueOnce(
          new TypeError(
            'Failed to fetch dynamically imported module: http://localhost/assets/import-wrapper-x.js',
          ),
        )
        .mockResolvedValue(entry)
      const { onClose } = renderDialog(locale, queue)
      const remove = locale === 'fi' ? 'Poista' : 'Delete'
      await confirm(remove)
      expect(screen.getByRole('dialog').textContent).toContain(said)
      expect(onClose).not.toHaveBeenCalled()
      expect(document.body.textContent).not.toMatch(/dynamically imported module/)
      outcome.next = { kind: 'sent', entityId: 'x' }
      await confirm(remove)
      expect(queue).toHaveBeenCalledTimes(2)
      expect(onClose).toHaveBeenCalledWith(true)
    },
  )

  it('says a full store', async () => {
    const full = Object.assign(new Error('full'), { name: 'QuotaExceededError' })
    renderDialog('en', () => Promise.reject(full))
    await confirm('Delete')
    expect(screen.getByRole('dialog').textContent).toContain(
      "Not deleted: this device's storage is full. Free some space and delete again.",
    )
  })

  it('says another failure to keep the delete with its text', async () => {
    renderDialog('en', () => Promise.reject(new Error('Broken')))
    await confirm('Delete')
    expect(screen.getByRole('dialog').textContent).toContain(
      'Not deleted: this device could not keep the delete. Delete again. (Error: Broken)',
    )
  })

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

describe('a delete dialog that asks what uses the entity', () => {
  it('waits for the first answer only: a refetch behind it keeps the button usable', async () => {
    const client = new QueryClient()
    let answer: (value: UsedBy) => void = () => {}
    const usedBy = vi.fn(
      () =>
        new Promise<UsedBy>((resolve) => {
          answer = resolve
        }),
    )
    const usedByQuery = (id: string) =>
      queryOptions({ queryKey: ['used-by', id] as const, queryFn: usedBy, retry: false })
    renderInConsole(
      <UsedByDeleteDialog
        entity={{ id: 'f1' }}
        usedByQuery={usedByQuery}
        title="Delete Weather?"
        inUse={(count) => `${count} in use`}
        text="The data format is removed from the platform."
        testId="used-by"
        queue={async () => entry}
        onClose={vi.fn()}
      />,
      { queryClient: client },
    )
    const button = () => screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement
    expect(button().disabled).toBe(true)
    expect(screen.getByText('Checking what uses it…')).toBeTruthy()
    await act(async () => answer({ count: 0, items: [] }))
    await waitFor(() => expect(button().disabled).toBe(false))
    expect(usedBy).toHaveBeenCalledTimes(1)
    // A change elsewhere asks again: the last answer stays, and so does the button.
    await act(async () => {
      void client.invalidateQueries({ queryKey: ['used-by'] })
      // The query's observers are told on a later task.
      await new Promise((resolve) => setTimeout(resolve, 20))
    })
    expect(usedBy).toHaveBeenCalledTimes(2)
    expect(client.isFetching({ queryKey: ['used-by'] })).toBe(1)
    expect(button().disabled).toBe(false)
    expect(screen.getByText('The data format is removed from the platform.')).toBeTruthy()
    await act(async () => answer({ count: 0, items: [] }))
  })
})
