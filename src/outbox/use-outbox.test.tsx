import { act, renderHook, waitFor } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Resource } from '../core/resources'
import { saveSession } from '../core/session'
import { db, type NewOutboxEntry } from './db'
import { firstScreenShown, holdOutboxReadsForFirstScreen, loadDb } from './lazy-db'
import { newLocalId, replacedIdKey } from './outbox'
import { COUNT_REST_MS, useOutbox, usePendingChanges, useResolvedId, useWaitingCount } from './use-outbox'

vi.mock('./lazy-db', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./lazy-db')>()
  return { ...actual, loadDb: vi.fn(actual.loadDb) }
})

const entry = (userId: string, resource: Resource): NewOutboxEntry => ({
  id: crypto.randomUUID(),
  userId,
  organizationId: 'o1',
  env: 'sandbox',
  version: 'v2',
  method: 'PUT',
  path: `/api/sandbox/internal/products/v2/${resource}/a`,
  body: { name: 'A' },
  resource,
  entityId: 'a',
  label: 'A',
  createdAt: 0,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: 0,
})

const signIn = (id: string) =>
  act(() => saveSession({ kind: 'developer', user: { id, email: `${id}@b.c` }, token: 't', expiresAt: 1e13 }))

/** The nearest error boundary, as a screen's: what reached it replaced the screen. */
class ScreenBoundary extends Component<{ children: ReactNode; onFailed: (error: unknown) => void }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    this.props.onFailed(error)
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}

/** Long enough for a load the hooks started to have reached `loadDb`. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)))

beforeEach(async () => {
  await saveSession(null)
  await db.outbox.clear()
  await db.replaced.clear()
  await db.outbox.bulkAdd([entry('u1', 'data-formats'), entry('u1', 'tasks'), entry('u2', 'data-formats')])
  vi.mocked(loadDb).mockClear()
})
afterEach(() => saveSession(null))

describe('outbox hooks', () => {
  it('signed out, return nothing and never load the outbox database (Dexie)', async () => {
    const outbox = renderHook(() => useOutbox())
    const pending = renderHook(() => usePendingChanges('data-formats'))
    const waiting = renderHook(() => useWaitingCount())
    await settle()
    expect(outbox.result.current).toEqual([])
    expect(pending.result.current).toEqual([])
    expect(waiting.result.current).toBe(0)
    expect(loadDb).not.toHaveBeenCalled()
  })

  it('held for the first screen, load the outbox database only once it is shown', async () => {
    await signIn('u1')
    holdOutboxReadsForFirstScreen()
    const waiting = renderHook(() => useWaitingCount())
    await settle()
    expect(loadDb).not.toHaveBeenCalled()
    expect(waiting.result.current).toBe(0)
    firstScreenShown()
    await waitFor(() => expect(waiting.result.current).toBe(2))
    expect(loadDb).toHaveBeenCalled()
  })

  it('offline before their code is kept, show nothing without failing the screen, and load it once online', async () => {
    await signIn('u1')
    vi.mocked(loadDb).mockRejectedValueOnce(
      new TypeError(
        'Failed to fetch dynamically imported module: http://localhost/assets/import-wrapper-x.js',
      ),
    )
    const failed: unknown[] = []
    const waiting = renderHook(() => useWaitingCount(), {
      wrapper: ({ children }) => <ScreenBoundary onFailed={(e) => failed.push(e)}>{children}</ScreenBoundary>,
    })
    await settle()
    expect(loadDb).toHaveBeenCalledTimes(1)
    expect(failed).toEqual([])
    expect(waiting.result.current).toBe(0)
    await act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => expect(waiting.result.current).toBe(2))
    expect(loadDb).toHaveBeenCalledTimes(2)
    expect(failed).toEqual([])
  })

  it('signed in, show the queue live, and go back to nothing at sign-out', async () => {
    await signIn('u1')
    const outbox = renderHook(() => useOutbox())
    const pending = renderHook(() => usePendingChanges('data-formats'))
    const waiting = renderHook(() => useWaitingCount())
    // Each hook is a live query of its own: each answers in its own time.
    await waitFor(() => expect(waiting.result.current).toBe(2))
    await waitFor(() => expect(outbox.result.current).toHaveLength(3))
    await waitFor(() =>
      expect(pending.result.current.map((e) => [e.userId, e.resource])).toEqual([['u1', 'data-formats']]),
    )
    expect(loadDb).toHaveBeenCalled()

    await act(() => db.outbox.add(entry('u1', 'data-formats')))
    await waitFor(() => expect(waiting.result.current).toBe(3))
    await waitFor(() => expect(pending.result.current).toHaveLength(2))
    await waitFor(() => expect(outbox.result.current).toHaveLength(4))

    await act(() => saveSession(null))
    expect(waiting.result.current).toBe(0)
    expect(pending.result.current).toEqual([])
    expect(outbox.result.current).toEqual([])
  })

  it('under a burst of writes, look again a few times, not once per write, and end on the last', async () => {
    await signIn('u1')
    let renders = 0
    const waiting = renderHook(() => {
      renders += 1
      return useWaitingCount()
    })
    await waitFor(() => expect(waiting.result.current).toBe(2))
    const before = renders
    // 40 writes, one after another, as a replay makes them.
    for (let i = 0; i < 40; i += 1) await act(() => db.outbox.add(entry('u1', 'tasks')))
    await waitFor(() => expect(waiting.result.current).toBe(42), { timeout: 3 * COUNT_REST_MS })
    expect(renders - before).toBeLessThan(20)
    // A write after a quiet spell shows at once, without waiting for a rest.
    await act(() => new Promise((resolve) => setTimeout(resolve, 2 * COUNT_REST_MS)))
    await act(() => db.outbox.add(entry('u1', 'tasks')))
    await waitFor(() => expect(waiting.result.current).toBe(43), { timeout: 125 })
  })

  it('the queued changes a screen lays over its data follow every write, a burst too (never a sent change shown)', async () => {
    await signIn('u1')
    const pending = renderHook(() => usePendingChanges('tasks'))
    await waitFor(() => expect(pending.result.current).toHaveLength(1))
    const added: number[] = []
    for (let i = 0; i < 5; i += 1)
      added.push((await act(() => db.outbox.add(entry('u1', 'tasks')))) as number)
    await waitFor(() => expect(pending.result.current).toHaveLength(6), { timeout: 200 })
    // Sent one after another, as a replay sends them: each is gone from the screen at once.
    for (const [i, seq] of added.entries()) {
      await act(() => db.outbox.delete(seq))
      await waitFor(() => expect(pending.result.current).toHaveLength(5 - i), { timeout: 200 })
    }
  })

  it('show a new user only their own changes, never the previous result', async () => {
    await signIn('u1')
    const pending = renderHook(() => usePendingChanges('data-formats'))
    await waitFor(() => expect(pending.result.current).toHaveLength(1))
    await signIn('u2')
    expect(pending.result.current).toEqual([])
    await waitFor(() => expect(pending.result.current.map((e) => e.userId)).toEqual(['u2']))
  })

  it('resolve a platform id without loading anything, and a local id through the database', async () => {
    await signIn('u1')
    const platform = renderHook(() => useResolvedId('data-formats', 'srv-7'))
    await settle()
    expect(platform.result.current).toBe('srv-7')
    expect(loadDb).not.toHaveBeenCalled()

    const local = newLocalId()
    const created = renderHook(() => useResolvedId('data-formats', local))
    await settle()
    expect(created.result.current).toBe(local)
    await act(() => db.replaced.put({ key: replacedIdKey('data-formats', local), value: 'srv-8', at: 0 }))
    await waitFor(() => expect(created.result.current).toBe('srv-8'))
  })
})
