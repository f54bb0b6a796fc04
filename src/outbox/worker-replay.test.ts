import { set } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bootStore } from '../core/boot-store'
import { db } from './db'
import { queueChange } from './outbox'
import { replayFromWorker } from './worker-replay'

const scope = { userId: 'u1', organizationId: 'o1', env: 'sandbox', version: 'v2' }
const formats = '/api/sandbox/internal/products/v2/data-formats'
const NOW = Date.parse('2026-11-26T20:00:00Z')

const session = (expiresAt: number) =>
  set(
    'session',
    {
      key: 'current',
      kind: 'oidc',
      user: { id: 'u1', email: 'u1@example.com' },
      token: 'id-token',
      refreshToken: 'refresh-token',
      expiresAt,
    },
    bootStore,
  )

/** One lock at a time, as the browser's Web Locks give it: what the pages and the worker share. */
const held: string[] = []
const locks = {
  request: async (name: string, fn: () => Promise<unknown>) => {
    held.push(name)
    try {
      return await fn()
    } finally {
      held.pop()
    }
  },
}

beforeEach(async () => {
  await db.outbox.clear()
  await db.sent.clear()
  vi.stubGlobal('navigator', { ...navigator, locks, onLine: true })
  for (let i = 0; i < 3; i += 1)
    await queueChange(scope, {
      method: 'PUT',
      path: `${formats}/f${i}`,
      body: { name: `Format ${i}` },
      resource: 'data-formats',
      entityId: `f${i}`,
      baseVersion: `t${i}`,
      label: `Format ${i}`,
    })
})
afterEach(() => vi.unstubAllGlobals())

describe("the service worker's replay", () => {
  it("sends what waits under the pages' lock, with the same Idempotency-Key and If-Match, and never a refresh", async () => {
    await session(NOW + 3_600_000)
    const asked: { url: string; headers: Record<string, string>; lock: string | undefined }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        asked.push({ url, headers: init.headers as Record<string, string>, lock: held.at(-1) })
        return new Response(
          JSON.stringify({ success: true, result: { id: url.split('/').at(-1), updatedAt: 'x' } }),
        )
      }),
    )
    const ids = (await db.outbox.toArray()).map((e) => e.id)
    expect(await replayFromWorker(() => NOW)).toBe('done')
    expect(asked.map((a) => a.url).sort()).toEqual([`${formats}/f0`, `${formats}/f1`, `${formats}/f2`])
    expect(asked.every((a) => a.lock === 'orchestrator-outbox')).toBe(true)
    expect(asked.map((a) => a.headers['Idempotency-Key']).sort()).toEqual([...ids].sort())
    expect(asked.map((a) => a.headers['If-Match']).sort()).toEqual(['t0', 't1', 't2'])
    expect(asked.every((a) => a.headers.Authorization === 'Bearer id-token')).toBe(true)
    expect(asked.some((a) => a.url.includes('token'))).toBe(false)
    expect(await db.outbox.count()).toBe(0)
  })

  it('leaves the changes for the next open when the stored session has ended', async () => {
    await session(NOW - 1000)
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    expect(await replayFromWorker(() => NOW)).toBe('no-session')
    expect(fetch).not.toHaveBeenCalled()
    expect(await db.outbox.count()).toBe(3)
  })

  it('stops at a 401 and keeps every change', async () => {
    await session(NOW + 3_600_000)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"success":false}', { status: 401 })),
    )
    expect(await replayFromWorker(() => NOW)).toBe('unauthorized')
    expect(await db.outbox.count()).toBe(3)
  })
})
