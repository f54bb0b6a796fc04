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
