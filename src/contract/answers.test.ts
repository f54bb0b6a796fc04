import { describe, expect, it } from 'vitest'
import {
  actionSchemaAnswer,
  answerIssues,
  eventAnswer,
  itemListAnswer,
  listOf,
  statsBucketAnswer,
  taskAnswer,
  taskRunAnswer,
  tokenAnswer,
} from './answers'
import { z } from './zod-mini'

describe('answer shapes', () => {
  it('take what the platform sends, with fields the console does not know', () => {
    const task = { id: 't', name: 'A', status: 'running', jobs: [{ schedule: '0 2 * * *' }], more: 1 }
    expect(listOf(taskAnswer).safeParse([task]).success).toBe(true)
    const run = { id: 'r', startedAt: '2026-01-01T00:00:00Z', outcome: 'success', result: 'ok', steps: [] }
    expect(taskRunAnswer.safeParse(run).success).toBe(true)
    const event = { id: 'e', timestamp: '2026-01-01T00:00:00Z', type: 'X', status: 'info' }
    expect(listOf(eventAnswer).safeParse([event]).success).toBe(true)
    const token = { id: 'k', name: 'n', status: 'active' }
    // An itemList is read as a list (the http layer takes it out of `itemList` or `result.itemList`).
    expect(itemListAnswer(tokenAnswer).safeParse([token]).success).toBe(true)
  })
  it('read what the SPEC leaves open: epoch times, jobs without a schedule, stats rows without counts', () => {
    const event = eventAnswer.parse({ id: 'e', timestamp: 1767225600, type: 'X', status: 'info' })
    expect(event.timestamp).toBe('2026-01-01T00:00:00.000Z')
    expect(eventAnswer.parse({ id: 1, timestamp: 1767225600000, type: 'X', status: 'i' }).timestamp).toBe(
      '2026-01-01T00:00:00.000Z',
    )
    const task = { id: 't', name: 'A', status: 'running', jobs: [{ cron: '0 2 * * *' }] }
    expect(taskAnswer.safeParse(task).success).toBe(true)
    expect(listOf(statsBucketAnswer).safeParse([{ when: 'x' }]).success).toBe(true)
  })
  it('refuse what a screen would crash on', () => {
    expect(listOf(taskAnswer).safeParse({}).success).toBe(false)
    expect(listOf(taskAnswer).safeParse([{ id: 't', name: 'A', status: 'x', jobs: 'none' }]).success).toBe(
      false,
    )
    expect(listOf(eventAnswer).safeParse([{ id: 'e', type: 'X', status: 'info' }]).success).toBe(false)
    expect(
      listOf(eventAnswer).safeParse([{ id: 'e', timestamp: 'soon', type: 'X', status: 'i' }]).success,
    ).toBe(false)
    expect(itemListAnswer(tokenAnswer).safeParse([{ id: 'k', name: 'n' }]).success).toBe(false)
    expect(taskRunAnswer.safeParse({ id: 'r', startedAt: 'x', outcome: 'error', steps: {} }).success).toBe(
      false,
    )
  })
  it("say which field did not fit and what was expected, without zod's English catalogue loaded", () => {
    // The forms' zod sets its catalogue for every schema once loaded; the first screens have none.
    const catalogue = z.config().localeError
    z.config({ localeError: undefined })
    try {
      const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
        result.error?.issues.map((i) => [i.path.join('.'), i.message])
      expect(issuesOf(taskAnswer.safeParse({ id: 't', status: 1 }, answerIssues))).toEqual([
        ['name', 'Invalid input: expected string, received undefined'],
        ['status', 'Invalid input: expected string, received number'],
      ])
      expect(
        issuesOf(
          listOf(eventAnswer).safeParse(
            [{ id: {}, timestamp: 'soon', type: 'X', status: 'i' }],
            answerIssues,
          ),
        ),
      ).toEqual([
        ['0.id', 'Invalid input'],
        ['0.timestamp', 'expected an ISO date-time or epoch time'],
      ])
      expect(
        issuesOf(
          actionSchemaAnswer.safeParse(
            { name: 'a', id: 1, options: [{ title: 't', rules: 'x' }] },
            answerIssues,
          ),
        ),
      ).toEqual([['options.0.rules', 'Invalid input: expected array, received string']])
    } finally {
      z.config({ localeError: catalogue })
    }
  })
})
