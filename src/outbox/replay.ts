import { fieldsOf, isRecord } from '../contract/reading'
import { TASK_SECRETS } from '../contract/task-secrets'
import type { ConsoleDb, OutboxEntry, ReplacedRow, SentRow } from './db'
import { loadDb } from './lazy-db'
import { isLocalId, LOCAL_PREFIX, replacedIdKey, replacedVersionKey } from './outbox'

export interface SendResult {
  /** HTTP status; 0 when no answer came. */
  status: number
  data?: unknown
  body?: unknown
  error?: string
}

export interface ReplayContext {
  userId: string
  organizationId: string
  send: (entry: OutboxEntry) => Promise<SendResult>
  now?: () => number
  random?: () => number
  /** How many changes may be on the wire at once (REPLAY_WINDOW unless told). */
  window?: number
  /** After an entry is settled (sent, conflict, failed): refresh what the screens show. */
  onSettled?: (entry: OutboxEntry, result: SendResult) => void
  onProgress?: (done: number, total: number) => void
  /** The ids of the entries now on the wire (kept in memory: one write less per change). */
  onSending?: (ids: string[]) => void
}

export type ReplayOutcome = 'idle' | 'offline' | 'unauthorized'

/**
 * Changes on the wire at once: the connections a browser keeps open to one host over HTTP/1.1. More
 * would only wait in the browser's own queue, where the outbox cannot see them; the bench's concurrent
 * loop uses the same window.
 */
export const REPLAY_WINDOW = 6

/**
 * Answers written per IndexedDB transaction, in windows: every transaction also wakes the live
 * queries of every open screen (a count of the queue), so fewer, larger ones cost the browser less.
 */
const BATCH = 2
/** Changes read ahead, in windows: a window more than a batch, so the wire stays full meanwhile. */
const READ_AHEAD = BATCH + 1

const BASE_DELAY_MS = 1000
const MAX_DELAY_MS = 5 * 60_000
/**
 * No answer at all: a flaky line may come back without an `online` event, and one probe is cheap,
 * so the wait stays short. A platform that answers with an error waits longer.
 */
export const UNREACHABLE_MAX_DELAY_MS = 30_000

/** Exponential backoff with jitter, so many clients coming back online do not arrive together. */
export function backoff(attempts: number, random = Math.random, max = MAX_DELAY_MS): number {
  const ceiling = Math.min(max, BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(ceiling * (0.5 + random() * 0.5))
}

/**
 * Changes made due now. When the connection is back (`unreachable`): those that waited only because
 * no answer came (status 0), not after the backoff they gathered offline; server errors keep theirs.
 * When the user asks ("Sync now", `all`): every waiting change.
 */
export async function dueNow(which: 'unreachable' | 'all'): Promise<number> {
  const db = await loadDb()
  // One read of the waiting changes, and only those that change written back: each write wakes
  // every screen's live query, and a modify would read them one by one.
  return db.transaction('rw', db.outbox, async () => {
    const due = (await db.outbox.where('status').equals('pending').toArray()).filter(
      (e) => e.nextAttemptAt !== 0 && (which === 'all' || e.lastStatus === 0),
    )
    for (const e of due) e.nextAttemptAt = 0
    if (due.length > 0) await db.outbox.bulkPut(due)
    return due.length
  })
}

const retryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500

function conflictOf(result: SendResult): Record<string, unknown> | undefined {
  const theirs = fieldsOf(result.body).result
  return isRecord(theirs) ? theirs : undefined
}

/** The fields a refusal names (`{ error: { issues } }`), kept so the form can show them on its fields. */
export function issuesOf(body: unknown): OutboxEntry['issues'] {
  const issues = fieldsOf(fieldsOf(body).error).issues
  if (!Array.isArray(issues)) return undefined
  const kept = issues
    .filter(
      (i): i is { path: unknown; message: unknown; rule?: unknown } => typeof i === 'object' && i !== null,
    )
    .map((i) => ({
      path: typeof i.path === 'string' ? i.path : '',
      message: typeof i.message === 'string' ? i.message : '',
      ...(typeof i.rule === 'string' ? { rule: i.rule } : {}),
    }))
  return kept.length > 0 ? kept : undefined
}

const LOCAL_ID = /local(?::|%3A)([0-9a-fA-F-]{36})/g

/** The local ids of other entities a change names, in its path or body: their creates go first. */
export function localIdsIn(entry: Pick<OutboxEntry, 'path' | 'body' | 'entityId'>): string[] {
  const text = `${entry.path} ${entry.body === undefined ? '' : JSON.stringify(entry.body)}`
  const ids = new Set<string>()
  for (const match of text.matchAll(LOCAL_ID)) ids.add(`${LOCAL_PREFIX}${match[1]}`)
  ids.delete(entry.entityId)
  return [...ids]
}

/** A text with a local id replaced by the platform's (raw and URL-encoded). */
export const substituteText = (text: string, localId: string, serverId: string): string =>
  text.split(encodeURIComponent(localId)).join(encodeURIComponent(serverId)).split(localId).join(serverId)

/** `value` with a local id replaced by the platform's, in every string of it (raw and URL-encoded). */
export function substitute(value: unknown, localId: string, serverId: string): unknown {
  if (typeof value === 'string') return substituteText(value, localId, serverId)
  if (Array.isArray(value)) return value.map((v) => substitute(v, localId, serverId))
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, localId, serverId)]))
  return value
}

interface Chain {
  /** The entity's changes still to go in this pass, oldest first (the head is the next one). */
  seqs: number[]
  /** Held for the rest of the pass: its head waits (backoff), failed, met a conflict, or its creates did. */
  held: boolean
  busy: boolean
}

interface Answered {
  entry: OutboxEntry
  chain: Chain
  result: SendResult
}

/**
 * One pass over the queue of this user and organization. Changes of different entities go out
 * together, up to `window` at once; the changes of one entity go one after another, oldest first, and
 * an entity whose head is waiting, failed or in conflict holds back its later changes. A change that
 * names an entity created here (its local id) waits for that create, and goes with the platform's id.
 *
 * Answers are written in one IndexedDB transaction per batch (two windows' worth, or fewer when the
 * wire would run dry), which also reads the changes sent next: up to three windows of them, sent as
 * answers free the wire, so the wire stays full while a batch is written. Each is sent as stored, after all it
 * depends on is stored as settled, so a resend after a closed page is the same request under the same
 * Idempotency-Key. A change discarded in another tab after it was read ahead may still go, as one
 * discarded there while on the wire always could.
 */
export async function replayOnce(ctx: ReplayContext): Promise<{ sent: number; outcome: ReplayOutcome }> {
  const now = ctx.now ?? Date.now
  const window = Math.max(1, ctx.window ?? REPLAY_WINDOW)
  const db = await loadDb()
  const everything = await db.outbox.orderBy('seq').toArray()
  const readUpTo = everything.at(-1)?.seq ?? 0
  const queue = everything.filter((e) => e.userId === ctx.userId && e.organizationId === ctx.organizationId)
  const total = queue.filter((e) => e.status === 'pending' || e.status === 'sending').length
  ctx.onProgress?.(0, total)
  if (total === 0) return { sent: 0, outcome: 'idle' }

  // Entities in the order of their oldest change; the chain of each local id's create.
  const chains = new Map<string, Chain>()
  const createOf = new Map<string, Chain>()
  /** Which queued changes name a local id of another entity, by that id. */
  const namedBy = new Map<string, number[]>()
  for (const e of queue) {
    const key = `${e.resource}:${e.entityId}`
    let chain = chains.get(key)
    if (!chain) {
      chain = { seqs: [], held: false, busy: false }
      chains.set(key, chain)
    }
    chain.seqs.push(e.seq)
    if (e.method === 'POST' && isLocalId(e.entityId) && !createOf.has(e.entityId))
      createOf.set(e.entityId, chain)
  }
  const named = new Map<number, string[]>()
  for (const e of queue) {
    const ids = localIdsIn(e)
    if (ids.length === 0) continue
    named.set(e.seq, ids)
    for (const id of ids) namedBy.set(id, [...(namedBy.get(id) ?? []), e.seq])
  }
  await resolveSentCreates(db, queue, named, createOf)

  const queued = new Map(queue.map((e) => [e.seq, e]))
  /** Local ids whose create was sent in this pass. */
  const created = new Set<string>()
  /** A change waits while a create it names is unsent, and is held if that create is. */
  const dependency = (seq: number): 'ready' | 'wait' | 'held' => {
    let state: 'ready' | 'wait' | 'held' = 'ready'
    for (const id of named.get(seq) ?? []) {
      const create = createOf.get(id)
      if (!create || created.has(id)) continue
      if (create.held) return 'held'
      state = 'wait'
    }
    return state
  }
  /** Known from the first read to wait (backoff) or to need a person: not worth reading again. */
  const stuck = (seq: number) => {
    const e = queued.get(seq)
    return e !== undefined && (e.status === 'conflict' || e.status === 'failed' || e.nextAttemptAt > now())
  }

  let sent = 0
  let outcome: ReplayOutcome = 'idle'
  // One change goes alone first: offline, or signed out, one request finds it out, not a window of them.
  let room = 1
  const onWire = new Set<string>()
  /** Read in the last batch's transaction, valid then, and sent as soon as there is room on the wire. */
  const ready: { entry: OutboxEntry; chain: Chain }[] = []
  let answered: Answered[] = []
  let wake: () => void = () => {}

  /** Fills the wire from `ready`: called as each answer arrives, not only after the batch is written. */
  const fill = () => {
    let launched = false
    while (outcome === 'idle' && onWire.size < room) {
      const next = ready.shift()
      if (!next) break
      const { entry, chain } = next
      onWire.add(entry.id)
      launched = true
      void ctx
        .send(entry)
        .catch((error: unknown): SendResult => ({ status: 0, error: String(error) }))
        .then((result) => {
          onWire.delete(entry.id)
          answered.push({ entry, chain, result })
          // No answer, or signed out: nothing more goes (the rest of the wire comes back on its own).
          if (result.status === 0 || result.status === 401) {
            if (outcome === 'idle') outcome = result.status === 0 ? 'offline' : 'unauthorized'
          } else room = window
          fill()
          wake()
        })
    }
    if (launched) ctx.onSending?.([...onWire])
  }

  /** Heads to read next, oldest entity first: a window more than a batch ready, so the wire stays full. */
  const nextHeads = () => {
    const heads: { seq: number; chain: Chain }[] = []
    if (outcome !== 'idle') return heads
    for (const chain of chains.values()) {
      if (ready.length + heads.length >= READ_AHEAD * window) break
      const head = chain.seqs[0]
      if (chain.held || chain.busy || head === undefined) continue
      if (stuck(head)) {
        chain.held = true
        continue
      }
      const state = dependency(head)
      if (state === 'held') chain.held = true
      else if (state === 'ready') heads.push({ seq: head, chain })
    }
    for (const { chain } of heads) chain.busy = true
    return heads
  }

  for (;;) {
    // Answers are written two windows' worth at a time, or sooner when the wire would run dry or is
    // empty: fewer, larger transactions, while `ready` keeps the wire full meanwhile.
    const flush =
      answered.length >= BATCH * window || (answered.length > 0 && (onWire.size === 0 || ready.length === 0))
    const batch = flush ? answered : []
    if (flush) answered = []
    const settled: Answered[] = []
    for (const done of batch) {
      const { chain, result, entry } = done
      chain.busy = false
      if (result.status >= 200 && result.status < 300) {
        chain.seqs.shift()
        if (entry.method === 'POST' && isLocalId(entry.entityId)) created.add(entry.entityId)
        sent += 1
        settled.push(done)
        continue
      }
      chain.held = true
      if (!retryable(result.status) && result.status !== 401) settled.push(done)
    }
    const heads = flush || ready.length === 0 ? nextHeads() : []
    if (batch.length === 0 && heads.length === 0) {
      if (onWire.size === 0 && answered.length === 0 && (ready.length === 0 || outcome !== 'idle')) break
      await new Promise<void>((resolve) => {
        wake = resolve
      })
      continue
    }
    const fresh = await db.transaction('rw', db.outbox, db.replaced, db.sent, async () => {
      await storeBatch(db, batch, namedBy, readUpTo, now, ctx.random)
      return readHeads(
        db,
        heads.map((head) => head.seq),
      )
    })
    if (batch.length > 0) {
      ctx.onProgress?.(Math.min(sent, total), total)
      for (const done of settled) ctx.onSettled?.(done.entry, done.result)
      ctx.onSending?.([...onWire])
    }
    heads.forEach(({ chain }, i) => {
      const entry = fresh[i]
      chain.busy = false
      // Discarded meanwhile (in another tab): the entity's next change is considered in the next round.
      if (!entry) chain.seqs.shift()
      else if (entry.status === 'conflict' || entry.status === 'failed' || entry.nextAttemptAt > now())
        chain.held = true
      else {
        chain.busy = true
        ready.push({ entry, chain })
      }
    })
    fill()
  }
  ctx.onSending?.([])
  return { sent, outcome }
}

/**
 * The changes at `heads` (sorted), as stored now: one read of their key range when they lie close
 * together (they mostly do: the oldest entities' next changes), else one read per change.
 */
async function readHeads(db: ConsoleDb, heads: number[]): Promise<(OutboxEntry | undefined)[]> {
  const sorted = [...heads].sort((a, b) => a - b)
  const [low] = sorted
  const high = sorted.at(-1)
  if (low === undefined || high === undefined) return []
  if (high - low + 1 > 2 * heads.length) return db.outbox.bulkGet(heads)
  const found = new Map<number, OutboxEntry>()
  for (const e of await db.outbox.where(':id').between(low, high, true, true).toArray()) found.set(e.seq, e)
  return heads.map((seq) => found.get(seq))
}

/** Sorted keys as runs of consecutive integers: a run is deleted as one range, not key by key. */
export function runsOf(keys: number[]): [number, number][] {
  const runs: [number, number][] = []
  for (const key of [...keys].sort((a, b) => a - b)) {
    const last = runs.at(-1)
    if (last && key === last[1] + 1) last[1] = key
    else runs.push([key, key])
  }
  return runs
}

/**
 * Queued changes naming a local id whose create was sent in an earlier pass (another tab queued them
 * before it knew) get the platform's id now, stored before they are sent.
 */
async function resolveSentCreates(
  db: ConsoleDb,
  queue: OutboxEntry[],
  named: Map<number, string[]>,
  createOf: Map<string, Chain>,
) {
  const unknown = new Set<string>()
  for (const ids of named.values()) for (const id of ids) if (!createOf.has(id)) unknown.add(id)
  if (unknown.size === 0) return
  const resources = [...new Set(queue.map((e) => e.resource))]
  const keys = [...unknown].flatMap((id) => resources.map((r) => replacedIdKey(r, id)))
  const rows = (await db.replaced.bulkGet(keys)).filter((row) => row !== undefined)
  if (rows.length === 0) return
  const serverIds = new Map(
    rows.map((row) => [`${LOCAL_PREFIX}${row.key.split(LOCAL_PREFIX)[1]}`, row.value]),
  )
  const seqs = [...named.entries()]
    .filter(([, ids]) => ids.some((id) => serverIds.has(id)))
    .map(([seq]) => seq)
  await db.outbox
    .where('seq')
    .anyOf(seqs)
    .modify((e) => {
      for (const [local, server] of serverIds) {
        e.path = substituteText(e.path, local, server)
        e.body = substitute(e.body, local, server)
      }
    })
  for (const seq of seqs)
    named.set(
      seq,
      (named.get(seq) ?? []).filter((id) => !serverIds.has(id)),
    )
}

const succeeded = ({ result }: Answered) => result.status >= 200 && result.status < 300

/**
 * Writes a batch of answers, inside its transaction. A sent change leaves the queue and is kept as
 * sent. A create's real id replaces its local id in the changes queued after it (its own and those
 * naming it), and every later change of the entity is based on the version the platform returned.
 * Bulk writes and one query per batch for the later changes, not a round of them per change.
 */
async function storeBatch(
  db: ConsoleDb,
  batch: Answered[],
  namedBy: Map<string, number[]>,
  /** The highest seq this pass read: changes above it were queued since. */
  readUpTo: number,
  now: () => number,
  random?: () => number,
) {
  for (const answered of batch) if (!succeeded(answered)) await storeRefusal(db, answered, now, random)
  const sent = batch.filter(succeeded)
  if (sent.length === 0) return
  const at = Date.now()
  const sentRows: Omit<SentRow, 'seq'>[] = []
  const replacedRows: ReplacedRow[] = []
  /** Per entity id, what its later changes take: the platform's id and version. */
  const later = new Map<string, { resource: string; serverId?: string; updatedAt?: string }[]>()
  /** Local ids now known by the platform's id, for the changes of other entities naming them. */
  const realIds = new Map<string, string>()
  for (const { entry, result } of sent) {
    const data = isRecord(result.data) ? result.data : undefined
    const serverId = typeof data?.id === 'string' ? data.id : undefined
    const updatedAt = typeof data?.updatedAt === 'string' ? data.updatedAt : undefined
    const created = isLocalId(entry.entityId) && serverId !== undefined
    const entityId = created ? serverId : entry.entityId
    // The entity as the platform now has it (a delete, or an answer that is the entity itself): the
    // screens keep showing it until their data is fetched again, in this tab and the others.
    const entity = serverId === entityId ? data : undefined
    if (entry.method === 'DELETE' || entity)
      sentRows.push({
        userId: entry.userId,
        organizationId: entry.organizationId,
        env: entry.env,
        resource: entry.resource,
        entityId,
        method: entry.method,
        body: entity,
        at,
      })
    if (created) {
      replacedRows.push({ key: replacedIdKey(entry.resource, entry.entityId), value: serverId, at })
      realIds.set(entry.entityId, serverId)
    }
    if (entry.baseVersion && updatedAt)
      replacedRows.push({
        key: replacedVersionKey(entry.resource, entityId, entry.baseVersion),
        value: updatedAt,
        at,
      })
    if (created || updatedAt) {
      const next = { resource: entry.resource, serverId: created ? serverId : undefined, updatedAt }
      later.set(entry.entityId, [...(later.get(entry.entityId) ?? []), next])
    }
  }
  const singles: number[] = []
  for (const [from, to] of runsOf(sent.map(({ entry }) => entry.seq)))
    if (from === to) singles.push(from)
    else await db.outbox.where(':id').between(from, to, true, true).delete()
  if (singles.length > 0) await db.outbox.bulkDelete(singles)
  if (sentRows.length > 0) await db.sent.bulkAdd(sentRows)
  if (replacedRows.length > 0) await db.replaced.bulkPut(replacedRows)
  // Later changes of the same entities and those naming a created one: the ones this pass read, and
  // any queued since (in another tab, before it knew), found above the highest seq this pass read.
  const laterSeqs = new Set<number>()
  for (const { chain, entry } of sent)
    if (later.has(entry.entityId)) for (const seq of chain.seqs) laterSeqs.add(seq)
  for (const id of realIds.keys()) for (const seq of namedBy.get(id) ?? []) laterSeqs.add(seq)
  const onLater = (change: OutboxEntry) => {
    const next = later.get(change.entityId)?.find((n) => n.resource === change.resource)
    if (next?.serverId) {
      change.path = substituteText(change.path, change.entityId, next.serverId)
      change.entityId = next.serverId
    }
    if (next?.updatedAt) change.baseVersion = next.updatedAt
    for (const [local, server] of realIds) {
      change.path = substituteText(change.path, local, server)
      change.body = substitute(change.body, local, server)
    }
  }
  if (laterSeqs.size > 0)
    await db.outbox
      .where(':id')
      .anyOf([...laterSeqs])
      .modify(onLater)
  if (later.size > 0 || realIds.size > 0) {
    const since = await db.outbox.where(':id').above(readUpTo).toArray()
    for (const change of since) {
      const before = JSON.stringify(change)
      onLater(change)
      if (JSON.stringify(change) !== before) await db.outbox.put(change)
    }
  }
}

/**
 * A change the platform answered for good keeps no secret on the device: an accepted one leaves the
 * outbox, and a refused one waits for a person without it (who types it again on the form).
 */
export function withoutSecrets(body: unknown): unknown {
  if (!isRecord(body)) return body
  const kept = { ...body }
  for (const field of TASK_SECRETS) delete kept[field]
  return kept
}

/** An answer other than a success: the change waits (backoff, or a new sign-in), or needs a person. */
async function storeRefusal(
  db: ConsoleDb,
  { entry, result }: Answered,
  now: () => number,
  random?: () => number,
) {
  const seq = entry.seq
  if (retryable(result.status)) {
    const attempts = entry.attempts + 1
    await db.outbox.update(seq, {
      status: 'pending',
      attempts,
      nextAttemptAt:
        now() + backoff(attempts, random, result.status === 0 ? UNREACHABLE_MAX_DELAY_MS : undefined),
      lastError: result.error,
      lastStatus: result.status,
    })
    return
  }
  if (result.status === 401) {
    // Paused until the same user signs in again; the entry stays as it was, under the same key.
    await db.outbox.update(seq, { status: 'pending', lastError: result.error, lastStatus: 401 })
    return
  }
  const theirs = conflictOf(result)
  const issues = issuesOf(result.body)
  // A 409 that names a field (a taken code) is the user's to correct, not a conflict of versions. Nor
  // is a refusal that sends no version of theirs (a 412 to a create, or from a platform that leaves it
  // out): there is nothing to compare with, and the form is where it is put right, as any refusal.
  const conflict = theirs !== undefined && (result.status === 412 || (result.status === 409 && !issues))
  await db.outbox.update(seq, {
    body: withoutSecrets(entry.body),
    status: conflict ? 'conflict' : 'failed',
    lastError: result.error,
    lastStatus: result.status,
    theirs: conflict ? theirs : undefined,
    issues,
  })
}
