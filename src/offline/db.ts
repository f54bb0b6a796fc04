import Dexie, { type EntityTable } from 'dexie'

export interface StoredSession {
  key: 'current'
  kind: 'oidc' | 'developer'
  user: { id: string; email: string; firstName?: string; lastName?: string }
  /** Bearer token of every call: the id token (OIDC) or the pasted developer token. */
  token: string
  accessToken?: string
  refreshToken?: string
  /** Epoch milliseconds when `token` stops working. */
  expiresAt: number
}

export interface CacheRow {
  key: string
  value: string
}

/** The console's local database: the session, the persisted query cache, the outbox and drafts. */
export class ConsoleDb extends Dexie {
  session!: EntityTable<StoredSession, 'key'>
  cache!: EntityTable<CacheRow, 'key'>

  constructor(name = 'orchestrator') {
    super(name)
    this.version(1).stores({
      session: 'key',
      cache: 'key',
    })
  }
}

export const db = new ConsoleDb()
