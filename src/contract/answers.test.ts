import { describe, expect, it } from 'vitest'
import {
  actionSchemaAnswer,
  eventAnswer,
  itemListAnswer,
  listOf,
  readAnswer,
  statsBucketAnswer,
  taskAnswer,
  taskRunAnswer,
  tokenAnswer,
} from './answers'

/** The answer as read, or the test fails. */
function parsed(schema: Parameters<typeof readAnswer>[0], value: unknown): Record<string, unknown> {
  const read = readAnswer<Record<string, unknown>>(schema, value)
  if (!read.success) throw new Error(JSON.stringify(read.issues))
  return read.data
}

describe('answer shapes', () => {
  it('take what the platform sends, with fields the console does not know', () => {
    const task = { id: 't', name: 'A', status: 'running', jobs: [{ schedule: '0 2 * * *' }], more: 1 }
    expect(readAnswer(listOf(taskAnswer), [task]).success).toBe(true)
    const run = { id: 'r', startedAt: '2026-01-01T00:00:00Z', outcome: 'success', result: 'ok', steps: [] }
    expect(readAnswer(taskRunAnswer, run).success).toBe(true)
    const event = { id: 'e', timestamp: '2026-01-01T00:00:00Z', type: 'X', status: 'info' }
    expect(readAnswer(listOf(eventAnswer), [event]).success).toBe(true)
    const token = { id: 'k', name: 'n', status: 'active' }
    // An itemList is read as a list (the http layer takes it out of `itemList` or `result.itemList`).
    expect(readAnswer(itemListAnswer(tokenAnswer), [token]).success).toBe(true)
  })
  it('read what the SPEC leaves open: epoch times, jobs without a schedule, stats rows without counts', () => {
    const event = parsed(eventAnswer, { id: 'e', timestamp: 1767225600, type: 'X', status: 'info' })
    expect(event.timestamp).toBe('2026-01-01T00:00:00.000Z')
    expect(parsed(eventAnswer, { id: 1, timestamp: 1767225600000, type: 'X', status: 'i' }).timestamp).toBe(
      '2026-01-01T00:00:00.000Z',
    )
    const task = { id: 't', name: 'A', status: 'running', jobs: [{ cron: '0 2 * * *' }] }
    expect(readAnswer(taskAnswer, task).success).toBe(true)
    expect(readAnswer(listOf(statsBucketAnswer), [{ when: 'x' }]).success).toBe(true)
  })
  it('refuse what a screen would crash on', () => {
    expect(readAnswer(listOf(taskAnswer), {}).success).toBe(false)
    expect(readAnswer(listOf(taskAnswer), [{ id: 't', name: 'A', status: 'x', jobs: 'none' }]).success).toBe(
      false,
    )
    expect(readAnswer(listOf(eventAnswer), [{ id: 'e', type: 'X', status: 'info' }]).success).toBe(false)
    expect(
      readAnswer(listOf(eventAnswer), [{ id: 'e', timestamp: 'soon', type: 'X', status: 'i' }]).success,
    ).toBe(false)
    expect(readAnswer(itemListAnswer(tokenAnswer), [{ id: 'k', name: 'n' }]).success).toBe(false)
    expect(readAnswer(taskRunAnswer, { id: 'r', startedAt: 'x', outcome: 'error', steps: {} }).success).toBe(
      false,
    )
  })
  it('say which field did not fit and what was expected, in the words the console has always used', () => {
    {
      const issuesOf = (result: ReturnType<typeof readAnswer>) =>
        result.success ? undefined : result.issues.map((i) => [i.path, i.message])
      expect(issuesOf(readAnswer(taskAnswer, { id: 't', status: 1 }))).toEqual([
        ['name', 'Invalid input: expected string, received undefined'],
        ['status', 'Invalid input: expected string, received number'],
      ])
      expect(
        issuesOf(readAnswer(listOf(eventAnswer), [{ id: {}, timestamp: 'soon', type: 'X', status: 'i' }])),
      ).toEqual([
        ['0.id', 'Invalid input'],
        ['0.timestamp', 'expected an ISO date-time or epoch time'],
      ])
      expect(
        issuesOf(readAnswer(actionSchemaAnswer, { name: 'a', id: 1, options: [{ title: 't', rules: 'x' }] })),
      ).toEqual([['options.0.rules', 'Invalid input: expected array, received string']])
    }
  })
})
