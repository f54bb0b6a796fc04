import { clear, get, set } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BOOT_STORE, openBootDatabase, readEntries } from './boot-open'
import { bootStore, type StoredSession } from './boot-store'

const stored: StoredSession = {
  key: 'current',
  kind: 'developer',
  user: { id: 'u1', email: 'a@b.c' },
  token: 'tok-1',
  expiresAt: 1_900_000_000_000,
}

/** A fresh copy of the modules (their state is the page's: one entry script, one console). */
async function freshPage() {
  vi.resetModules()
  return {
    open: await import('./boot-open'),
    session: await import('./session'),
  }
}

/** Writes the boot store on a connection of its own, as another tab would. */
async function writeElsewhere(key: string, value: unknown) {
  const db = await openBootDatabase()
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(BOOT_STORE, 'readwrite')
    tx.objectStore(BOOT_STORE).put(value, key)
    tx.oncomplete = () => resolve()
    tx.onabort = () => reject(tx.error)
  })
  db.close()
}

beforeEach(() => clear(bootStore))
afterEach(() => {
  vi.useRealTimers()
})

describe('readEntries', () => {
  it('reads present and absent entries in one transaction', async () => {
    await set('session', stored, bootStore)
    const values = await readEntries(openBootDatabase(), ['session', 'query-cache'])
    expect(values.get('session')).toEqual(stored)
    expect(values.has('query-cache')).toBe(true)
    expect(values.get('query-cache')).toBeUndefined()
  })

  it('fails once the database has not answered within the bound', async () => {
    vi.useFakeTimers()
    const never = new Promise<IDBDatabase>(() => undefined)
    const read = readEntries(never, ['session'], 1000)
    const failed = expect(read).rejects.toThrow('did not answer')
    await vi.advanceTimersByTimeAsync(1000)
    await failed
  })

  it('is aborted when the page goes into the back/forward cache, and only then', async () => {
    await set('session', stored, bootStore)
    const db = await openBootDatabase()
    const pageHide = (persisted: boolean) => {
      const event = new Event('pagehide')
      Object.defineProperty(event, 'persisted', { value: persisted })
      window.dispatchEvent(event)
    }
    // A page unloaded for good ends its transactions with it: the read goes on.
    const kept = readEntries(Promise.resolve(db), ['session'])
    await Promise.resolve()
    pageHide(false)
    expect((await kept).get('session')).toEqual(stored)
    // Cached, the page would hold the transaction open for good (WebKit): it is aborted.
    const cut = readEntries(Promise.resolve(db), ['session'])
    await Promise.resolve()
    pageHide(true)
    await expect(cut).rejects.toBeNull()
    // Shown again (the boot store, which let go of itself too, answers again).
    window.dispatchEvent(new Event('pageshow'))
    db.close()
  })

  it('fails when the database cannot be opened', async () => {
    await expect(readEntries(Promise.reject(new Error('blocked')), ['session'])).rejects.toThrow('blocked')
  })
})

describe("the entry script's first reads", () => {
  it('read the session and the query cache as the page opens, handed over once', async () => {
    await set('session', stored, bootStore)
    await set('query-cache', '{"cached":true}', bootStore)
    const { open } = await freshPage()
    open.openBootEarly()
    expect(await open.peekFirstRead('session')).toEqual(stored)
    expect(await open.takeFirstRead('session')).toEqual(stored)
    // Taken: a later reader asks the store.
    expect(open.takeFirstRead('session')).toBeUndefined()
    expect(await open.takeFirstRead('query-cache')).toBe('{"cached":true}')
    ;(await open.earlyBoot())?.close()
  })

  it('are none before the entry script ran', async () => {
    const { open } = await freshPage()
    expect(open.takeFirstRead('session')).toBeUndefined()
    expect(open.peekFirstRead('session')).toBeUndefined()
  })

  it("give the console's boot the session without reading it again", async () => {
    await set('session', stored, bootStore)
    const { open, session } = await freshPage()
    open.openBootEarly()
    await open.peekFirstRead('session')
    // Written after the entry read them: the console starts from what the page opened with (the
    // other tab's change reaches it as any later change does).
    await writeElsewhere('session', { ...stored, token: 'tok-2' })
    expect((await session.restoreSession())?.token).toBe('tok-1')
    // Taken once: the next read is the store's.
    expect((await session.restoreSession())?.token).toBe('tok-2')
    ;(await open.earlyBoot())?.close()
  })

  it("give way to another tab's change heard before the console took them", async () => {
    await set('session', stored, bootStore)
    vi.resetModules()
    const open = await import('./boot-open')
    open.openBootEarly()
    await open.peekFirstRead('session')
    // Another tab signs out after the entry's read, before the console's code (and its channel) ran.
    const heard = new BroadcastChannel(open.SESSION_CHANNEL)
    const delivered = new Promise((resolve) => heard.addEventListener('message', resolve, { once: true }))
    const other = new BroadcastChannel(open.SESSION_CHANNEL)
    await writeElsewhere('session', undefined)
    other.postMessage('changed')
    await delivered
    other.close()
    heard.close()
    const session = await import('./session')
    expect(await session.restoreSession()).toBeNull()
    ;(await open.earlyBoot())?.close()
  })

  it('found nothing: the console reads the store itself', async () => {
    const { open, session } = await freshPage()
    open.openBootEarly()
    await open.peekFirstRead('session')
    // Signed in after the entry's read (in another tab): the console's own read finds it.
    await writeElsewhere('session', stored)
    expect((await session.restoreSession())?.token).toBe('tok-1')
    expect(await get('session', bootStore)).toEqual(stored)
    ;(await open.earlyBoot())?.close()
  })
})
