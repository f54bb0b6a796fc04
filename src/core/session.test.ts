import { clear, get } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
// biome-ignore lint/style/noRestrictedImports: the test seeds the outbox database earlier versions kept the session in
import { ConsoleDb } from '../outbox/db'
import { bootStore, type StoredSession } from './boot-store'
import { getSession, restoreSession, type Session, saveSession, sessionUnreadable } from './session'

const session: Session = {
  kind: 'oidc',
  user: { id: 'u1', email: 'a@b.c', firstName: 'Ada' },
  token: 'id-token',
  accessToken: 'access-token',
  refreshToken: 'refresh-token',
  expiresAt: 1_900_000_000_000,
}

const databases = async () => (await indexedDB.databases()).map((d) => d.name)

/** The console before the boot store: its Dexie database, with a session and a cached query. */
async function seedEarlierVersion(stored: StoredSession) {
  const earlier = new ConsoleDb()
  await earlier.session.put(stored)
  await earlier.cache.put({ key: 'query-cache', value: '{"cached":true}' })
  earlier.close()
}

async function readEarlierVersion() {
  const earlier = new ConsoleDb()
  const rows = {
    session: await earlier.session.get('current'),
    cache: await earlier.cache.get('query-cache'),
  }
  earlier.close()
  return rows
}

beforeEach(() => clear(bootStore))
afterEach(
  () =>
    new Promise((resolve) => {
      indexedDB.deleteDatabase('orchestrator').onsuccess = resolve
    }),
)

describe('session storage', () => {
  it('is kept in the boot store, so a reload restores it', async () => {
    await saveSession(session)
    expect(await get('session', bootStore)).toEqual({ key: 'current', ...session })
    await restoreSession()
    expect(getSession()).toEqual(session)
  })

  it('a sign-out deletes it', async () => {
    await saveSession(session)
    await saveSession(null)
    expect(await get('session', bootStore)).toBeUndefined()
    expect(await restoreSession()).toBeNull()
  })

  it('restoring a visitor finds no session and creates no outbox database', async () => {
    expect(await restoreSession()).toBeNull()
    expect(await databases()).not.toContain('orchestrator')
  })
})

describe('the session of an earlier version (Dexie database `orchestrator`)', () => {
  it('moves to the boot store, so an installed console stays signed in after the update', async () => {
    await seedEarlierVersion({ key: 'current', ...session })
    expect(await restoreSession()).toEqual(session)
    expect(await get('session', bootStore)).toEqual({ key: 'current', ...session })
    // Nothing is left behind for a later sign-out to miss.
    expect(await readEarlierVersion()).toEqual({ session: undefined, cache: undefined })
  })

  it('does not come back after a sign-out', async () => {
    await seedEarlierVersion({ key: 'current', ...session })
    await restoreSession()
    await saveSession(null)
    expect(await restoreSession()).toBeNull()
  })

  it('does not come back after a sign-out when its move was cut short before the earlier row went', async () => {
    // The page was left between saving the session here and deleting the earlier row.
    await seedEarlierVersion({ key: 'current', ...session })
    await saveSession(session)
    expect(await restoreSession()).toEqual(session)
    await saveSession(null)
    expect(await restoreSession()).toBeNull()
    expect(await readEarlierVersion()).toEqual({ session: undefined, cache: undefined })
  })

  it('is not needed when the boot store has one', async () => {
    const newer = { ...session, token: 'newer-token' }
    await seedEarlierVersion({ key: 'current', ...session })
    await saveSession(newer)
    expect(await restoreSession()).toEqual(newer)
  })

  it('leaves an earlier database without a session as it is', async () => {
    const earlier = new ConsoleDb()
    await earlier.outbox.count()
    earlier.close()
    expect(await restoreSession()).toBeNull()
    expect(await databases()).toContain('orchestrator')
  })
})

/** Another page's transaction on the boot store that never ends, until `release` is called. */
function holdBootStore(): Promise<() => void> {
  return new Promise((resolve) => {
    const open = indexedDB.open('orchestrator-boot')
    open.onsuccess = () => {
      const db = open.result
      const kv = db.transaction('kv', 'readwrite').objectStore('kv')
      let held = true
      const again = () => {
        if (held) kv.get('x').onsuccess = again
      }
      again()
      resolve(() => {
        held = false
        db.close()
      })
    }
  })
}

describe('a storage that does not answer', () => {
  it('is told apart from a signed-out user within a bound, and what the page knew stays', async () => {
    await saveSession(session)
    await restoreSession()
    expect(sessionUnreadable()).toBe(false)
    const release = await holdBootStore()
    const started = Date.now()
    try {
      expect(await restoreSession()).toEqual(session)
      expect(sessionUnreadable()).toBe(true)
      expect(getSession()).toEqual(session)
      expect(Date.now() - started).toBeLessThan(5000)
    } finally {
      release()
    }
    await restoreSession()
    expect(sessionUnreadable()).toBe(false)
  }, 10_000)
})
