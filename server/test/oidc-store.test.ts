import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dbAdapter, OIDC_PURGE_MS } from '../oidc-adapter'
import { startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform({ seed: false })
})
afterAll(() => p.close())

describe('the OIDC store', () => {
  it('purges expired rows on a write, at most once a minute, and finds rows by their indexes', async () => {
    let clock = Date.now()
    const Adapter = dbAdapter(p.platform.db, () => clock)
    const sessions = new Adapter('Session')
    const db = p.platform.db
    await db.query(
      "INSERT INTO oidc_store (model, id, payload, expires_at) VALUES ('Session', 'old', '{}', $1), ('Grant', 'older', '{}', $1)",
      [new Date(clock - 1000).toISOString()],
    )
    await sessions.upsert('new', { uid: 'u-1' }, 3600)
    const ids = async () =>
      (await db.query<{ id: string }>('SELECT id FROM oidc_store ORDER BY id')).map((r) => r.id)
    expect(await ids()).toEqual(['new'])
    expect(await sessions.findByUid('u-1')).toMatchObject({ uid: 'u-1' })
    // Within the minute no second purge; after it, the next write purges again.
    await db.query(
      "INSERT INTO oidc_store (model, id, payload, expires_at) VALUES ('Session', 'stale', '{}', $1)",
      [new Date(clock - 1).toISOString()],
    )
    await sessions.upsert('other', {}, 3600)
    expect(await ids()).toContain('stale')
    clock += OIDC_PURGE_MS
    await sessions.upsert('third', {}, 3600)
    expect(await ids()).not.toContain('stale')
    // The lookups can use an index (the planner told not to scan: a tiny table would be scanned anyway).
    for (const where of ["model = 'Session' AND uid = 'u-1'", "grant_id = 'g'", 'expires_at < now()']) {
      const plan = await db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off')
        return tx.query(`EXPLAIN SELECT id FROM oidc_store WHERE ${where}`)
      })
      expect(JSON.stringify(plan), where).toMatch(/Index/)
    }
  })
})
