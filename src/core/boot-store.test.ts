import { get, set } from 'idb-keyval'
import { afterEach, describe, expect, it } from 'vitest'
import { answeredWithin, answeringStore, type PageLifecycle, StorageNotAnswering } from './boot-store'

const DB = 'boot-store-test'

/**
 * Another page's transaction that never ends, as WebKit leaves one of a page put into its
 * back/forward cache: a readwrite transaction kept busy until `release` is called.
 */
function holdStore(): Promise<() => void> {
  return new Promise((resolve) => {
    const open = indexedDB.open(DB)
    open.onupgradeneeded = () => open.result.createObjectStore('kv')
    open.onsuccess = () => {
      const db = open.result
      const store = db.transaction('kv', 'readwrite').objectStore('kv')
      let held = true
      const again = () => {
        if (held) store.get('x').onsuccess = again
      }
      again()
      resolve(() => {
        held = false
        db.close()
      })
    }
  })
}

/** A page lifecycle the test drives: hidden into the back/forward cache, shown again. */
function fakeLifecycle() {
  const hidden: (() => void)[] = []
  const shown: (() => void)[] = []
  const lifecycle: PageLifecycle = {
    onHiddenToCache: (listener) => hidden.push(listener),
    onShown: (listener) => shown.push(listener),
  }
  return {
    lifecycle,
    hide: () => {
      for (const listener of hidden) listener()
    },
    show: () => {
      for (const listener of shown) listener()
    },
  }
}

afterEach(
  () =>
    new Promise((resolve) => {
      indexedDB.deleteDatabase(DB).onsuccess = resolve
    }),
)

describe('answeredWithin', () => {
  it('gives the answer that comes in time', async () => {
    await expect(answeredWithin(Promise.resolve('kept'), 50)).resolves.toBe('kept')
  })

  it('fails with StorageNotAnswering when no answer comes', async () => {
    const started = Date.now()
    await expect(answeredWithin(new Promise(() => {}), 50)).rejects.toBeInstanceOf(StorageNotAnswering)
    expect(Date.now() - started).toBeLessThan(1000)
  })
})

describe('the boot store', () => {
  it('reads and writes as idb-keyval does', async () => {
    const store = answeringStore(DB, 'kv', { lifecycle: fakeLifecycle().lifecycle })
    await set('session', { token: 't' }, store)
    expect(await get('session', store)).toEqual({ token: 't' })
  })

  it('a store that another transaction holds for good fails within the bound, then answers once free', async () => {
    const store = answeringStore(DB, 'kv', { answerMs: 100, lifecycle: fakeLifecycle().lifecycle })
    await set('session', 'before', store)
    const release = await holdStore()
    await expect(get('session', store)).rejects.toBeInstanceOf(StorageNotAnswering)
    release()
    expect(await get('session', store)).toBe('before')
  })

  it('a page going into the back/forward cache ends what it has in flight and asks nothing more until shown', async () => {
    const page = fakeLifecycle()
    const store = answeringStore(DB, 'kv', { answerMs: 1000, lifecycle: page.lifecycle })
    await set('cache', 'old', store)
    // Hidden while its write is in flight.
    const writing = store(
      'readwrite',
      (kv) =>
        new Promise((resolve, reject) => {
          kv.put('new', 'cache')
          kv.transaction.oncomplete = resolve
          kv.transaction.onabort = () => reject(new Error('aborted'))
          page.hide()
        }),
    )
    await expect(writing).rejects.toThrow('aborted')
    await expect(get('cache', store)).rejects.toThrow(/back\/forward cache/)
    // The next page is not kept waiting: nothing of the hidden page holds the store.
    const next = answeringStore(DB, 'kv', { answerMs: 1000, lifecycle: fakeLifecycle().lifecycle })
    expect(await get('cache', next)).toBe('old')
    page.show()
    expect(await get('cache', store)).toBe('old')
  })

  it("uses the entry script's connection for its first open, once, and opens its own after", async () => {
    const opening = new Promise<IDBDatabase>((resolve) => {
      const open = indexedDB.open(DB)
      open.onupgradeneeded = () => open.result.createObjectStore('kv')
      open.onsuccess = () => resolve(open.result)
    })
    let handed = 0
    let early: Promise<IDBDatabase> | undefined = opening
    const page = fakeLifecycle()
    const store = answeringStore(DB, 'kv', {
      lifecycle: page.lifecycle,
      adopt: () => {
        const taken = early
        early = undefined
        if (taken) handed += 1
        return taken
      },
    })
    await set('session', 'kept', store)
    const adopted = await opening
    expect(handed).toBe(1)
    // The store wrote on the entry's connection: it is the one read here.
    const read = adopted.transaction('kv').objectStore('kv').get('session')
    await new Promise((resolve) => {
      read.onsuccess = resolve
    })
    expect(read.result).toBe('kept')
    // Hidden into the back/forward cache, the store closes it; shown again, it opens one of its own.
    page.hide()
    page.show()
    expect(await get('session', store)).toBe('kept')
    expect(handed).toBe(1)
  })
})
