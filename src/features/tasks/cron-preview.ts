// Loaded on demand by the cron schedule editor: these libraries stay out of the first screen's JavaScript.
import { CronExpressionParser } from 'cron-parser'
import cronstrue from 'cronstrue'
// Registers the Finnish texts on cronstrue: only the locale the console needs, not all of them.
import 'cronstrue/locales/fi'
import { cronNames } from '../../contract/cron'

/** The schedule in words, in the console's language (cronstrue has Finnish). */
export function describeCron(expression: string, locale: string): string {
  return cronstrue.toString(expression, {
    locale: locale.startsWith('fi') ? 'fi' : 'en',
    use24HourTimeFormat: true,
    throwExceptionOnParseError: true,
  })
}

/** The schedule in words with its clock times written as the language writes them (02.00 in Finnish). */
export function describeCronLocally(expression: string, locale: string): string {
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  })
  return describeCron(expression, locale).replace(/\b(\d{2}):(\d{2})\b/g, (_, h: string, m: string) =>
    time.format(new Date(Date.UTC(1970, 0, 1, Number(h), Number(m)))),
  )
}

/** The next `count` times the schedule fires in the IANA zone, after `from`. */
export function nextRuns(expression: string, ianaZone: string, count = 5, from = new Date()): Date[] {
  const parsed = CronExpressionParser.parse(expression, { currentDate: from, tz: ianaZone })
  return parsed.take(count).map((d) => d.toDate())
}

/** The zone's offset from UTC at `instant`, in minutes. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>()
function offsetMinutes(instant: number, zone: string): number {
  let format = offsetFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    offsetFormats.set(zone, format)
  }
  const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name)
  if (!match) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0))
}

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

/**
 * The first time within a year after `from` that the schedule names but the zone skips (clocks go
 * forward: in Helsinki 03:00-03:59 on the last Sunday of March does not exist), as local date and time.
 */
export function skippedRun(
  expression: string,
  zone: string,
  from = new Date(),
): { date: string; time: string } | undefined {
  const start = Math.floor(from.getTime() / MINUTE_MS) * MINUTE_MS
  for (let day = start; day < start + 366 * DAY_MS; day += DAY_MS) {
    const before = offsetMinutes(day, zone)
    const after = offsetMinutes(day + DAY_MS, zone)
    if (after <= before) continue
    // The instant of the change, to the minute.
    let low = day
    let high = day + DAY_MS
    while (high - low > MINUTE_MS) {
      const mid = Math.floor((low + high) / 2 / MINUTE_MS) * MINUTE_MS
      if (offsetMinutes(mid, zone) === before) low = mid
      else high = mid
    }
    // Wall times from the change, on the old offset, up to the new offset's: they never show.
    const wallStart = high + before * MINUTE_MS
    for (let m = 0; m < after - before; m += 1) {
      const wall = new Date(wallStart + m * MINUTE_MS)
      const at = {
        minute: wall.getUTCMinutes(),
        hour: wall.getUTCHours(),
        day: wall.getUTCDate(),
        month: wall.getUTCMonth() + 1,
        weekday: wall.getUTCDay(),
      }
      if (cronNames(expression, at))
        return {
          date: wall.toISOString().slice(0, 10),
          time: wall.toISOString().slice(11, 16),
        }
    }
  }
  return undefined
}
