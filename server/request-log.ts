import type { Db } from './db'

/** One request as the stats count it. */
export interface RequestRow {
  env: string
  ts: string
  method: string
  path: string
  status: number
  organizationId: string | null
  durationMs: number
  client: 'console' | null
}

export interface RequestLog {
  /** Queues a row; it is written with others within `delayMs`, never on the request's own path. */
  record(row: RequestRow): void
  /** Writes every queued row: the stats call it before they count, so a reader sees its own requests. */
  flush(): Promise<void>
}

const COLUMNS = ['env', 'ts', 'method', 'path', 'status', 'organization_id', 'duration_ms', 'client']

/**
 * The request log, written in batches: one INSERT of many rows every `delayMs` (or as soon as
 * `maxRows` wait) instead of one round trip per request before its answer leaves. Under load that is
 * a fifth of the statements a list read makes, and an answer no longer waits for its own log line.
 * A process that dies loses at most the last `delayMs` of lines: they only feed the stats.
 */
export function createRequestLog(db: Db, { delayMs = 100, maxRows = 500 } = {}): RequestLog {
  let queued: RequestRow[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let writing: Promise<void> = Promise.resolve()

  const write = (rows: RequestRow[]) => {
    // One array per column, unnested: the same statement text whatever the number of rows, so it is
    // parsed and planned once (db.ts prepares it), not once per batch size.
    const params = [
      rows.map((r) => r.env),
      rows.map((r) => r.ts),
      rows.map((r) => r.method),
      rows.map((r) => r.path),
      rows.map((r) => r.status),
      rows.map((r) => r.organizationId),
      rows.map((r) => r.durationMs),
      rows.map((r) => r.client),
    ]
    return db
      .query(
        `INSERT INTO request_log (${COLUMNS.join(', ')})
         SELECT * FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::int[], $6::text[], $7::int[], $8::text[])`,
        params,
      )
      .then(
        () => undefined,
        (error: unknown) =>
          console.error(
            `request log: ${rows.length} lines not written: ${error instanceof Error ? error.message : error}`,
          ),
      )
  }

  const flush = () => {
    if (timer) clearTimeout(timer)
    timer = undefined
    const rows = queued
    queued = []
    // One batch after another, so a flush resolves only once every line queued before it is written.
    writing = writing.then(() => (rows.length ? write(rows) : undefined))
    return writing
  }

  return {
    record(row) {
      queued.push(row)
      if (queued.length >= maxRows) void flush()
      else timer ??= setTimeout(() => void flush(), delayMs)
    },
    flush,
  }
}
