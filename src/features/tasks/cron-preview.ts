// Loaded on demand by the cron schedule editor: these libraries stay out of the first screen's JavaScript.
import { CronExpressionParser } from 'cron-parser'
import cronstrue from 'cronstrue'
// Registers the Finnish texts on cronstrue: only the locale the console needs, not all of them.
import 'cronstrue/locales/fi'

/** The schedule in words, in the console's language (cronstrue has Finnish). */
export function describeCron(expression: string, locale: string): string {
  return cronstrue.toString(expression, {
    locale: locale.startsWith('fi') ? 'fi' : 'en',
    use24HourTimeFormat: true,
    throwExceptionOnParseError: true,
  })
}

/** The next `count` times the schedule fires in the IANA zone, after `from`. */
export function nextRuns(expression: string, ianaZone: string, count = 5, from = new Date()): Date[] {
  const parsed = CronExpressionParser.parse(expression, { currentDate: from, tz: ianaZone })
  return parsed.take(count).map((d) => d.toDate())
}
