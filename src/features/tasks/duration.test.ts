import { describe, expect, it } from 'vitest'
import { parseDuration } from '../../contract/rules'
import { formatDuration } from './duration'

describe('formatDuration', () => {
  it('writes the "Hh Mm" form that parseDuration reads back', () => {
    expect(formatDuration(9_000_000)).toBe('2h 30m')
    expect(formatDuration(3_600_000)).toBe('1h')
    expect(formatDuration(300_000)).toBe('5m')
    expect(formatDuration(0)).toBe('')
    for (const ms of [60_000, 3_600_000, 5_400_000, 86_400_000])
      expect(parseDuration(formatDuration(ms))).toBe(ms)
  })
})
