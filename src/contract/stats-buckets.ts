const HOUR = 3_600_000
const DAY = 86_400_000

export interface StatsBucketSpan {
  /** `YYYY-MM-DDTHH:00Z` per hour, `YYYY-MM-DD` per day (UTC). */
  key: string
  start: number
  end: number
}

/**
 * The buckets of a stats range: `hours` whole hours (or `days` whole UTC days), the last of them the
 * one now is in. None starts before the range, so the first is never a partial one that looks like a dip.
 */
export function statsBuckets(now: number, range: { hours?: number; days: number }): StatsBucketSpan[] {
  const size = range.hours ? HOUR : DAY
  const count = range.hours ?? range.days
  const current = Math.floor(now / size) * size
  return Array.from({ length: count }, (_, i) => {
    const start = current - (count - 1 - i) * size
    const iso = new Date(start).toISOString()
    return { key: range.hours ? `${iso.slice(0, 13)}:00Z` : iso.slice(0, 10), start, end: start + size }
  })
}
