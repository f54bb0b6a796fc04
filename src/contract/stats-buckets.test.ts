import { describe, expect, it } from 'vitest'
import { statsBuckets } from './stats-buckets'

const now = Date.parse('2026-11-25T13:22:09Z')

describe('statsBuckets', () => {
  it('gives 24 whole hours for the last 24 h, the current hour last', () => {
    const buckets = statsBuckets(now, { hours: 24, days: 7 })
    expect(buckets).toHaveLength(24)
    expect(buckets[0]?.key).toBe('2026-11-24T14:00Z')
    expect(buckets.at(-1)?.key).toBe('2026-11-25T13:00Z')
    for (const b of buckets) expect(b.end - b.start).toBe(3_600_000)
    expect(buckets[0]?.start).toBe(Date.parse('2026-11-24T14:00:00Z'))
  })

  it('gives 48 hours, 7, 14, 30 and 60 days, each bucket following the one before', () => {
    expect(statsBuckets(now, { hours: 48, days: 7 })).toHaveLength(48)
    for (const days of [7, 14, 30, 60]) {
      const buckets = statsBuckets(now, { days })
      expect(buckets).toHaveLength(days)
      expect(buckets.at(-1)?.key).toBe('2026-11-25')
      for (const [i, b] of buckets.slice(1).entries()) expect(b.start).toBe(buckets[i]?.end)
    }
    expect(statsBuckets(now, { days: 7 })[0]?.key).toBe('2026-11-19')
  })

  it('starts a new bucket exactly on the hour and at midnight', () => {
    expect(statsBuckets(Date.parse('2026-11-25T00:00:00Z'), { days: 1 })[0]?.key).toBe('2026-11-25')
    expect(statsBuckets(Date.parse('2026-11-24T23:59:59.999Z'), { days: 1 })[0]?.key).toBe('2026-11-24')
    expect(statsBuckets(Date.parse('2026-11-25T13:00:00Z'), { hours: 1, days: 7 })[0]?.key).toBe(
      '2026-11-25T13:00Z',
    )
  })
})
