import { describe, expect, it } from 'vitest'
import { describeCron, describeCronLocally, nextRuns, skippedRun } from './cron-preview'

describe('cron preview', () => {
  it('describes a schedule in English and Finnish', () => {
    expect(describeCron('0 2 * * *', 'en')).toBe('At 02:00')
    expect(describeCron('0 2 * * *', 'fi')).toMatch(/02:00/)
    expect(describeCron('0 2 * * *', 'fi')).not.toBe(describeCron('0 2 * * *', 'en'))
  })

  it('writes clock times as the language does, like the rest of the console', () => {
    const fiTime = new Intl.DateTimeFormat('fi', { hour: '2-digit', minute: '2-digit' }).format(
      new Date(2026, 0, 1, 2, 0),
    )
    expect(describeCronLocally('0 2 * * *', 'fi')).toContain(fiTime)
    expect(describeCronLocally('0 2 * * *', 'fi')).toMatch(/02\.00/)
    expect(describeCronLocally('30 14 * * 1', 'fi')).toMatch(/14\.30/)
    expect(describeCronLocally('0 2 * * *', 'en')).toBe('At 02:00')
  })

  it('lists the next five runs in the chosen zone', () => {
    const from = new Date('2026-01-10T12:00:00Z')
    const helsinki = nextRuns('0 2 * * *', 'Europe/Helsinki', 5, from)
    expect(helsinki.map((d) => d.toISOString())).toEqual([
      '2026-01-11T00:00:00.000Z',
      '2026-01-12T00:00:00.000Z',
      '2026-01-13T00:00:00.000Z',
      '2026-01-14T00:00:00.000Z',
      '2026-01-15T00:00:00.000Z',
    ])
    expect(nextRuns('0 2 * * *', 'Etc/UTC', 1, from)[0]?.toISOString()).toBe('2026-01-11T02:00:00.000Z')
  })
})

describe('a time the zone skips', () => {
  const from = new Date('2026-11-25T12:00:00Z')
  it('is found on the day the clocks go forward', () => {
    expect(skippedRun('30 3 * * *', 'Europe/Helsinki', from)).toEqual({ date: '2027-03-28', time: '03:30' })
    expect(skippedRun('30 1 * * *', 'America/New_York', from)).toBeUndefined()
    expect(skippedRun('30 2 * * 0', 'America/New_York', from)).toEqual({ date: '2027-03-14', time: '02:30' })
  })
  it('is not found for a time that exists every day, or in a zone without summer time', () => {
    expect(skippedRun('0 2 * * *', 'Europe/Helsinki', from)).toBeUndefined()
    expect(skippedRun('30 3 * * *', 'UTC', from)).toBeUndefined()
    expect(skippedRun('30 3 * * 1-5', 'Europe/Helsinki', from)).toBeUndefined()
  })
})
