import { describe, expect, it } from 'vitest'
import {
  eventAnswer,
  itemListAnswer,
  listOf,
  statsBucketAnswer,
  taskAnswer,
  taskRunAnswer,
  tokenAnswer,
} from './answers'

describe('answer shapes', () => {
  it('take what the platform sends, with fields the console does not know', () => {
    const task = { id: 't', name: 'A', status: 'running', jobs: [{ schedule: '0 2 * * *' }], more: 1 }
    expect(listOf(taskAnswer).safeParse([task]).success).toBe(true)
    const run = { id: 'r', startedAt: '2026-01-01T00:00:00Z', outcome: 'success', result: 'ok', steps: [] }
    expect(taskRunAnswer.safeParse(run).success).toBe(true)
    const event = { id: 'e', timestamp: '2026-01-01T00:00:00Z', type: 'X', status: 'info' }
    expect(listOf(eventAnswer).safeParse([event]).success).toBe(true)
    const token = { id: 'k', name: 'n', status: 'active' }
    expect(itemListAnswer(tokenAnswer).safeParse({ itemList: [token] }).success).toBe(true)
  })
  it('refuse what a screen would crash on', () => {
    expect(listOf(taskAnswer).safeParse({}).success).toBe(false)
    expect(listOf(taskAnswer).safeParse([{ id: 't', name: 'A', status: 'x', jobs: 'none' }]).success).toBe(
      false,
    )
    expect(listOf(eventAnswer).safeParse([{ id: 'e', type: 'X', status: 'info' }]).success).toBe(false)
    expect(listOf(statsBucketAnswer).safeParse([{ day: '2026-01-01', count: '3', errors: 0 }]).success).toBe(
      false,
    )
    expect(itemListAnswer(tokenAnswer).safeParse({ itemList: 7 }).success).toBe(false)
    expect(taskRunAnswer.safeParse({ id: 'r', startedAt: 'x', outcome: 'error', steps: {} }).success).toBe(
      false,
    )
  })
})
