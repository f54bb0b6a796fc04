import type { Db } from './db'

type Payload = Record<string, unknown> & {
  grantId?: string
  userCode?: string
  uid?: string
  consumed?: number
}

/** How often a process purges expired rows of the OIDC store (on a write, at most this often). */
export const OIDC_PURGE_MS = 60_000

/**
 * oidc-provider's storage in the platform's database, so sessions and grants survive a restart.
 * Expired rows are purged on a write at most once a minute per process (they were never read again,
 * only kept); every lookup is by an indexed column.
 */
export function dbAdapter(db: Db, now: () => number = Date.now) {
  let purgedAt = Number.NEGATIVE_INFINITY
  async function purge() {
    if (now() - purgedAt < OIDC_PURGE_MS) return
    purgedAt = now()
    await db.query('DELETE FROM oidc_store WHERE expires_at < $1', [new Date(now()).toISOString()])
  }
  return class DbAdapter {
    constructor(private readonly model: string) {}

    static purge = purge

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      await purge()
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null
      await db.query(
        `INSERT INTO oidc_store (model, id, payload, grant_id, user_code, uid, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (model, id) DO UPDATE SET payload = $3, grant_id = $4, user_code = $5, uid = $6, expires_at = $7`,
        [
          this.model,
          id,
          payload,
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresAt,
        ],
      )
    }

    private async findWhere(column: 'id' | 'user_code' | 'uid', value: string): Promise<Payload | undefined> {
      const [row] = await db.query<{ payload: Payload; expires_at: string | Date | null }>(
        `SELECT payload, expires_at FROM oidc_store WHERE model = $1 AND ${column} = $2`,
        [this.model, value],
      )
      if (!row) return undefined
      if (row.expires_at && new Date(row.expires_at).getTime() < Date.now()) return undefined
      return row.payload
    }

    find(id: string) {
      return this.findWhere('id', id)
    }

    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode)
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid)
    }

    async consume(id: string) {
      await db.query(
        `UPDATE oidc_store SET payload = jsonb_set(payload, '{consumed}', to_jsonb(extract(epoch from now())::bigint)) WHERE model = $1 AND id = $2`,
        [this.model, id],
      )
    }

    async destroy(id: string) {
      await db.query('DELETE FROM oidc_store WHERE model = $1 AND id = $2', [this.model, id])
    }

    async revokeByGrantId(grantId: string) {
      await db.query('DELETE FROM oidc_store WHERE grant_id = $1', [grantId])
    }
  }
}
