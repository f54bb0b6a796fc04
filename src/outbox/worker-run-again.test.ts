import { del, set } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bootStore } from '../core/boot-store'
import { db } from './db'
import { keepPageScope } from './page-scope'
import { applyPending } from './pending'
import { SYNC_TAG } from './sync-tag'
import { queueRunAgain, runAgainFromWorker } from './worker-run-again'

const NOW = Date.parse('2026-11-26T20:00:00Z')
const SHOWN = NOW - 60_000
const message = {
  title: 'Night job: failed',
  taskId: 't1',
  taskName: 'Night job',
  env: 'production',
  userId: 'u1',
  notificationId: 'n-1',
  mayRun: true,
}

const session = (expiresAt: number) =>
  set(
    'session',
    {
      key: 'current',
      kind: 'oidc',
      user: { id: 'u1', email: 'u1@example.com' },
      token: 'id-token',
      expiresAt,
    },
    bootStore,
  )

const locks = { request: async (_name: string, fn: () => Promise<unknown>) => fn() }

beforeEach(async () => {
  await db.outbox.clear()
  await del('session', bootStore)
  await del('page-scope', bootStore)
  vi.stubGlobal('navigator', { ...navigator, locks, onLine: true })
})
afterEach(() => vi.unstubAllGlobals())

describe('"Run again" queued by the service worker', () => {
  it("queues the task's run once, as the console's Run now calls it, in the pages' scope", async () => {
    await keepPageScope({ organizationId: 'o7', version: 'v1' })
    expect(await queueRunAgain(message, SHOWN, () => NOW)).toBe('queued')
    const [entry, ...more] = await db.outbox.toArray()
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      id: 'run-again:t1:n-1',
      userId: 'u1',
      organizationId: 'o7',
      env: 'production',
      version: 'v1',
      method: 'POST',
      path: '/api/production/tasks/t1/run',
      resource: 'tasks',
      entityId: 't1',
      command: 'run',
      label: 'Night job',
      status: 'pending',
      createdAt: NOW,
    })
    expect(entry?.body).toBeUndefined()
  })

  it('queues nothing more for a second tap or the same message delivered again', async () => {
    const taps = await Promise.all([queueRunAgain(message, SHOWN), queueRunAgain(message, SHOWN)])
    expect(taps.sort()).toEqual(['already', 'queued'])
    expect(await queueRunAgain({ ...message }, SHOWN + 5000)).toBe('already')
    expect(await db.outbox.count()).toBe(1)
    // Another notification (another run) is another run.
    expect(await queueRunAgain({ ...message, notificationId: 'n-2' }, SHOWN)).toBe('queued')
    expect(await db.outbox.count()).toBe(2)
  })

  it('takes the signed-in user when the message names none, and queues nothing when no user is known', async () => {
    const { userId: _, ...anonymous } = message
    expect(await queueRunAgain(anonymous, SHOWN)).toBe('unusable')
    await session(NOW + 3_600_000)
    expect(await queueRunAgain(anonymous, SHOWN)).toBe('queued')
    expect((await db.outbox.toArray())[0]?.userId).toBe('u1')
  })

  it('queues nothing for a message without a usable task or environment', async () => {
    expect(await queueRunAgain({ ...message, taskId: '../../admin' }, SHOWN)).toBe('unusable')
    expect(await queueRunAgain({ ...message, env: 'https://elsewhere' }, SHOWN)).toBe('unusable')
    expect(await queueRunAgain({ ...message, taskId: undefined }, SHOWN)).toBe('unusable')
    expect(await db.outbox.count()).toBe(0)
  })

  it('keys a message without a notification id by the moment it was shown', async () => {
    const { notificationId: _, ...older } = message
    expect(await queueRunAgain(older, SHOWN)).toBe('queued')
    expect(await queueRunAgain(older, SHOWN)).toBe('already')
    expect((await db.outbox.toArray())[0]?.id).toBe(`run-again:t1:${SHOWN}`)
  })

  it('sends it at once when online, with the key as Idempotency-Key, and it leaves the outbox', async () => {
    await session(Date.now() + 3_600_000)
    const asked: { url: string; method?: string; key: string }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        asked.push({
          url,
          method: init.method,
          key: (init.headers as Record<string, string>)['Idempotency-Key'] as string,
        })
        return new Response(JSON.stringify({ success: true, result: { task: { id: 't1' } } }))
      }),
    )
    const register = vi.fn(async () => undefined)
    const scope = { navigator: { onLine: true }, registration: { sync: { register } } }
    expect(await runAgainFromWorker(scope as never, message, SHOWN)).toBe('queued')
    expect(asked).toEqual([{ url: '/api/production/tasks/t1/run', method: 'POST', key: 'run-again:t1:n-1' }])
    expect(await db.outbox.count()).toBe(0)
    expect(register).not.toHaveBeenCalled()
  })

  it('offline, sends nothing and registers a Background Sync; without one the change just waits', async () => {
    await session(Date.now() + 3_600_000)
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    const register = vi.fn(async () => undefined)
    const offline = { navigator: { onLine: false }, registration: { sync: { register } } }
    expect(await runAgainFromWorker(offline as never, message, SHOWN)).toBe('queued')
    expect(register).toHaveBeenCalledWith(SYNC_TAG)
    expect(fetch).not.toHaveBeenCalled()
    const noSync = { navigator: { onLine: false }, registration: {} }
    expect(await runAgainFromWorker(noSync as never, { ...message, notificationId: 'n-2' }, SHOWN)).toBe(
      'queued',
    )
    expect(await db.outbox.count()).toBe(2)
  })

  it('registers a Background Sync when the send found no network', async () => {
    await session(Date.now() + 3_600_000)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const register = vi.fn(async () => undefined)
    const scope = { navigator: { onLine: true }, registration: { sync: { register } } }
    await runAgainFromWorker(scope as never, message, SHOWN)
    expect(register).toHaveBeenCalledWith(SYNC_TAG)
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'pending', lastStatus: 0 })
  })

  it('without a usable session in the worker, the run waits for the next open', async () => {
    await session(Date.now() - 1000)
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    const register = vi.fn(async () => undefined)
    const scope = { navigator: { onLine: true }, registration: { sync: { register } } }
    expect(await runAgainFromWorker(scope as never, message, SHOWN)).toBe('queued')
    expect(fetch).not.toHaveBeenCalled()
    expect(await db.outbox.count()).toBe(1)
  })
})

describe('a queued run on screen', () => {
  it('marks its task as waiting, changes none of its fields, and never makes up a row', async () => {
    await queueRunAgain(message, SHOWN)
    const entries = await db.outbox.toArray()
    const shown = applyPending([{ id: 't1', name: 'Night job' }], entries, 'tasks')
    expect(shown).toEqual([{ id: 't1', name: 'Night job', pending: 'update', pendingStatus: 'pending' }])
    expect(applyPending([{ id: 't2', name: 'Other' }], entries, 'tasks')).toEqual([
      { id: 't2', name: 'Other' },
    ])
  })
})
