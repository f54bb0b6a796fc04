import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  /**
   * Runs `fn` while holding a lock every process on this database shares (a session advisory lock on
   * PostgreSQL, released if the process dies); PGlite is one process, so it just runs `fn`.
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>
  /**
   * Calls `fn` with the payload of each NOTIFY on `channel` (sent by any process, delivered after its
   * transaction commits); resolves to a function that stops listening. PostgreSQL: one connection of
   * its own, opened again after it is lost (`onReconnect` then tells that notices may have been missed).
   */
  listen(
    channel: string,
    fn: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>
  close(): Promise<void>
}

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
}

/** A PostgreSQL pool or client of node-postgres: takes a query with a name (a prepared statement). */
interface PgQueryable {
  query<T>(query: { text: string; values?: unknown[]; name?: string }): Promise<{ rows: T[] }>
}

/** The most distinct statement texts a process prepares; any more run unprepared. */
const PREPARED_MAX = 1000
const preparedNames = new Map<string, string>()

/**
 * The name of the prepared statement of `sql`, the same in every connection of this process. Each
 * connection parses and plans a named statement once and then only binds and runs it: parsing and
 * planning were a third of the database's CPU on the busiest calls, every call. Only statements with
 * parameters (a statement without runs over the simple protocol, which also takes several at once),
 * and no more than PREPARED_MAX texts, so a text made of varying parts cannot grow without end.
 */
export function preparedName(sql: string): string | undefined {
  const known = preparedNames.get(sql)
  if (known !== undefined) return known
  if (preparedNames.size >= PREPARED_MAX) return undefined
  const name = `p${preparedNames.size + 1}`
  preparedNames.set(sql, name)
  return name
}

/**
 * node-postgres with prepared statements, as Queryable. DATABASE_PREPARED=off sends every statement
 * unnamed, as a pooler in front of the database that hands each transaction another server connection
 * needs (PgBouncer in transaction mode before its 1.21).
 */
const prepared = (q: PgQueryable): Queryable => ({
  query: (sql, params) =>
    params?.length && process.env.DATABASE_PREPARED !== 'off'
      ? q.query({ text: sql, values: params, name: preparedName(sql) })
      : q.query({ text: sql, values: params }),
})

const alone: Db['exclusive'] = (_key, fn) => fn()

const deaf: Db['listen'] = () => Promise.reject(new Error('listen inside a transaction'))

function wrap(
  q: Queryable,
  transaction: Db['transaction'],
  close: Db['close'],
  exclusive: Db['exclusive'] = alone,
  listen: Db['listen'] = deaf,
): Db {
  return {
    query: async (sql, params) => (await q.query(sql, params)).rows as never,
    transaction,
    exclusive,
    listen,
    close,
  }
}

/** PGlite (embedded, files under dataDir, or memory) or a real PostgreSQL when DATABASE_URL is set: the same SQL. */
export async function openDb(options: { dataDir?: string | 'memory'; databaseUrl?: string }): Promise<Db> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({ connectionString: options.databaseUrl })
    // An idle connection the server ends (a restart, a dropped database) is reported on the pool; without
    // a listener it would end the process. The pool replaces it on the next query.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`))
    const db: Db = wrap(
      prepared(pool as unknown as PgQueryable),
      async (fn) => {
        const client = await pool.connect()
        try {
          await client.query('BEGIN')
          const result = await fn(
            wrap(
              prepared(client as unknown as PgQueryable),
              () => Promise.reject(new Error('nested transaction')),
              async () => {},
            ),
          )
          await client.query('COMMIT')
          return result
        } catch (error) {
          await client.query('ROLLBACK')
          throw error
        } finally {
          client.release()
        }
      },
      () => pool.end(),
      async (key, fn) => {
        // Its own connection holds the lock; `fn` uses the pool as usual.
        const client = await pool.connect()
        try {
          await client.query('SELECT pg_advisory_lock($1)', [key])
          try {
            return await fn()
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [key])
          }
        } finally {
          client.release()
        }
      },
      (channel, fn, onReconnect) => listenPg(options.databaseUrl as string, pg, channel, fn, onReconnect),
    )
    return db
  }
  const { PGlite } = await import('@electric-sql/pglite')
  let dir: string | undefined
  if (options.dataDir && options.dataDir !== 'memory') {
    dir = join(options.dataDir, 'pg')
    mkdirSync(dir, { recursive: true })
  }
  const lite = new PGlite(dir)
  await lite.waitReady
  // PGlite queues queries behind an open transaction itself.
  return wrap(
    lite as unknown as Queryable,
    (fn) =>
      lite.transaction((tx) =>
        fn(
          wrap(
            tx as unknown as Queryable,
            () => Promise.reject(new Error('nested transaction')),
            async () => {},
          ),
        ),
      ),
    () => lite.close(),
    alone,
    async (channel, fn) => {
      const stop = await lite.listen(channel, fn)
      return async () => stop()
    },
  )
}

/** One client of its own that LISTENs, opened again (after a second) whenever it is lost. */
async function listenPg(
  url: string,
  pg: typeof import('pg').default,
  channel: string,
  fn: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false
  let client: import('pg').Client | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const connect = async (again: boolean) => {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      if (message.channel === channel) fn(message.payload ?? '')
    })
    next.on('error', (error) => {
      console.error(`listener connection lost: ${error.message}`)
      retry()
    })
    next.on('end', () => retry())
    await next.connect()
    await next.query(`LISTEN ${channel}`)
    if (stopped) {
      await next.end().catch(() => {})
      return
    }
    client = next
    if (again) onReconnect?.()
  }
  const retry = () => {
    if (stopped || timer) return
    client = undefined
    timer = setTimeout(() => {
      timer = undefined
      connect(true).catch(() => retry())
    }, 1000)
  }
  await connect(false)
  return async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    await client?.end().catch(() => {})
  }
}

/** The advisory lock key of start-up (migrations and seeding): any number, the same in every process. */
export const STARTUP_LOCK = 360_001

/**
 * The statements of a migration: split at a `;` that ends a line, except inside a `$$` quoted function
 * body, whose own statements end lines too.
 */
export function statementsOf(sql: string): string[] {
  const statements: string[] = []
  let open = ''
  for (const piece of sql.split(/;\s*\n/)) {
    open = open ? `${open};\n${piece}` : piece
    if ((open.match(/\$\$/g)?.length ?? 0) % 2 === 0) {
      statements.push(open)
      open = ''
    }
  }
  if (open) statements.push(open)
  return statements.map((s) => s.trim()).filter(Boolean)
}

/** Applies numbered SQL migrations in order, once each (the caller holds STARTUP_LOCK). */
export async function migrate(db: Db): Promise<{ fresh: boolean }> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  )
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
  )
  const dir = new URL('./migrations/', import.meta.url)
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
  for (const file of files) {
    if (done.has(file)) continue
    const sql = readFileSync(new URL(file, dir), 'utf8')
    await db.transaction(async (tx) => {
      for (const statement of statementsOf(sql)) await tx.query(statement)
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file])
    })
  }
  return { fresh: done.size === 0 }
}
