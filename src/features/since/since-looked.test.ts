import { type InfiniteData, QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { type EventPage, eventKeys } from '../../api/events'
import * as answers from '../../contract/answers'
import type { PlatformEvent } from '../../contract/event'
import type { Change } from '../../live/frames'
import { applyChange } from '../../live/patch'
import {
  countSince,
  kindOf,
  lastLookedOrStart,
  markLooked,
  readLastLooked,
  sinceEvents,
  sinceFilters,
} from './since-looked'

const NOW = Date.parse('2026-11-26T12:00:00Z')

const ev = (id: string, type: string, timestamp: string, status = 'error'): PlatformEvent =>
  ({
    id,
    type,
    status,
    category: 'tasks',
    targetType: 'task',
    targetEntityId: `task-${id}`,
    taskId: `task-${id}`,
    timestamp,
    message: `reason ${id}`,
    appName: 'orchestrator',
  }) as PlatformEvent

const page = (items: PlatformEvent[], totalCount = items.length): InfiniteData<EventPage> => ({
  pages: [{ items, totalCount }],
  pageParams: [{ offset: 0, limit: 25 }],
})

function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size
    },
  }
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })

describe('what counts since the user last looked', () => {
  it('asks for failed and late task runs from the mark, or the last seven days when never looked', () => {
    expect(sinceFilters('2026-11-26T10:00:00.001Z', NOW)).toEqual({
      type: 'in:TASK_RUN_FAILED,TASK_RUN_INTERRUPTED,TASK_RUNS_MISSED,TASK_RUN_SKIPPED',
      category: 'tasks',
      from: '2026-11-26T10:00:00.001Z',
    })
    expect(sinceFilters(undefined, NOW).from).toBe('2026-11-19T12:00:00.000Z')
  })

  it('never looked: starts seven days back and keeps that start, so the read stays the same one', () => {
    const storage = memoryStorage()
    const first = lastLookedOrStart('sandbox', 'u1', NOW, storage)
    expect(first).toBe('2026-11-19T12:00:00.000Z')
    // Minutes later, and after a reload (the start is on the device): the same start, the same read.
    expect(lastLookedOrStart('sandbox', 'u1', NOW + 5 * 60_000, storage)).toBe(first)
    expect(readLastLooked('sandbox', 'u1', storage)).toBe(first)
    // A storage that keeps nothing: the same start within the page.
    const refusing = {
      ...memoryStorage(),
      getItem: () => null,
      setItem: () => {
        throw new Error('full')
      },
    }
    const kept = lastLookedOrStart('sandbox', 'u2', NOW, refusing as Storage)
    expect(lastLookedOrStart('sandbox', 'u2', NOW + 5 * 60_000, refusing as Storage)).toBe(kept)
  })

  it('splits the platform total into failed and late runs', () => {
    const data = page(
      [
        ev('1', 'TASK_RUN_FAILED', '2026-11-26T11:00:00Z'),
        ev('2', 'TASK_RUNS_MISSED', '2026-11-26T10:00:00Z', 'warning'),
        ev('3', 'TASK_RUN_SKIPPED', '2026-11-26T09:00:00Z', 'warning'),
      ],
      // More on the platform than loaded: those count as failed.
      5,
    )
    expect(countSince(data)).toEqual({ failed: 3, late: 2, total: 5 })
    expect(countSince(undefined)).toBeUndefined()
    expect(kindOf({ type: 'TASK_RUN_INTERRUPTED' })).toBe('failed')
  })

  it('moves with the live stream: a new failed run since the mark counts at once, others do not', () => {
    const c = client()
    const filters = sinceFilters('2026-11-26T10:00:00.000Z', NOW)
    c.setQueryData(eventKeys.list(filters), page([ev('1', 'TASK_RUN_FAILED', '2026-11-26T11:00:00Z')]))
    const created = (entity: PlatformEvent, seq: number): Change => ({
      seq,
      at: entity.timestamp,
      kind: 'event',
      op: 'created',
      id: entity.id,
      entity,
    })
    applyChange(c, 'sandbox', created(ev('2', 'TASK_RUN_FAILED', '2026-11-26T11:30:00.000Z'), 1), answers)
    // A successful run and a failure before the mark are not counted.
    applyChange(
      c,
      'sandbox',
      created(ev('3', 'TASK_RUN_FINISHED', '2026-11-26T11:31:00Z', 'success'), 2),
      answers,
    )
    applyChange(c, 'sandbox', created(ev('4', 'TASK_RUN_FAILED', '2026-11-26T09:00:00Z'), 3), answers)
    applyChange(
      c,
      'sandbox',
      created(ev('5', 'TASK_RUNS_MISSED', '2026-11-26T11:32:00Z', 'warning'), 4),
      answers,
    )
    const data = c.getQueryData<InfiniteData<EventPage>>(eventKeys.list(filters))
    expect(countSince(data)).toEqual({ failed: 2, late: 1, total: 3 })
    expect(sinceEvents(data).map((e) => e.id)).toEqual(['5', '2', '1'])
  })
})

describe('the last-looked mark', () => {
  const scope = { env: 'sandbox', userId: 'u1' }

  it('is set just after the newest run shown, in the platform time, and the count starts at 0', () => {
    const c = client()
    const storage = memoryStorage()
    const shownWith = sinceFilters(undefined, NOW)
    const shown = [
      ev('2', 'TASK_RUN_FAILED', '2026-11-26T11:30:00.000Z'),
      ev('1', 'TASK_RUN_FAILED', '2026-11-26T11:00:00.000Z'),
    ]
    c.setQueryData(eventKeys.list(shownWith), page(shown))
    const mark = markLooked(c, scope, shownWith, shown, storage)
    expect(mark).toBe('2026-11-26T11:30:00.001Z')
    expect(readLastLooked('sandbox', 'u1', storage)).toBe(mark)
    // Per user and environment.
    expect(readLastLooked('production', 'u1', storage)).toBeUndefined()
    expect(readLastLooked('sandbox', 'u2', storage)).toBeUndefined()
    // The next count is in the cache already (no read, offline too), and it is 0.
    const next = c.getQueryData<InfiniteData<EventPage>>(eventKeys.list(sinceFilters(mark, NOW)))
    expect(countSince(next)).toEqual({ failed: 0, late: 0, total: 0 })
  })

  it('keeps a run newer than the mark that was in the list counted, and never moves back', () => {
    const c = client()
    const storage = memoryStorage()
    const shownWith = sinceFilters(undefined, NOW)
    const older = ev('1', 'TASK_RUN_FAILED', '2026-11-26T11:00:00.000Z')
    const newer = ev('2', 'TASK_RUN_FAILED', '2026-11-26T11:30:00.000Z')
    // The list shows one; a newer one reached the cache after it rendered.
    c.setQueryData(eventKeys.list(shownWith), page([newer, older]))
    const mark = markLooked(c, scope, shownWith, [older], storage) as string
    expect(mark).toBe('2026-11-26T11:00:00.001Z')
    const next = c.getQueryData<InfiniteData<EventPage>>(eventKeys.list(sinceFilters(mark, NOW)))
    expect(sinceEvents(next).map((e) => e.id)).toEqual(['2'])
    storage.setItem('since.looked:sandbox:u1', '2026-11-26T12:00:00.000Z')
    expect(markLooked(c, scope, shownWith, [older], storage)).toBe('2026-11-26T12:00:00.000Z')
  })

  it('stays as it was when nothing is shown, and ignores what is not a time', () => {
    const c = client()
    const storage = memoryStorage()
    expect(markLooked(c, scope, sinceFilters(undefined, NOW), [], storage)).toBeUndefined()
    expect(storage.length).toBe(0)
    storage.setItem('since.looked:sandbox:u1', 'yesterday-ish')
    expect(readLastLooked('sandbox', 'u1', storage)).toBeUndefined()
  })
})
