// Five-field cron schedules, read without zod: the schedule previews and the task's schema share them.

/** Minute, hour, day of month, month, day of week: each `*`, `n`, `a-b`, with an optional `/step`, comma lists. */
const CRON_FIELDS: { min: number; max: number; names?: string[] }[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  {
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  { min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
]

function cronValue(text: string, field: { min: number; max: number; names?: string[] }): number | undefined {
  const named = field.names?.indexOf(text.toUpperCase()) ?? -1
  if (named >= 0) return named + field.min
  if (!/^\d{1,2}$/.test(text)) return undefined
  const value = Number(text)
  return value >= field.min && value <= field.max ? value : undefined
}

export function isCron(expression: string): boolean {
  if (expression.length > 200) return false
  const parts = expression.trim().split(/\s+/)
  if (parts.length !== 5) return false
  return parts.every((part, i) => {
    const field = CRON_FIELDS[i]
    if (!field) return false
    return part.split(',').every((item) => {
      const [range = '', step, extra] = item.split('/')
      if (extra !== undefined) return false
      if (step !== undefined && !(/^\d{1,2}$/.test(step) && Number(step) >= 1)) return false
      if (range === '*') return true
      const [from = '', to, beyond] = range.split('-')
      if (beyond !== undefined) return false
      const start = cronValue(from, field)
      if (start === undefined) return false
      if (to === undefined) return true
      const end = cronValue(to, field)
      return end !== undefined && end >= start
    })
  })
}

/** Days in each month at most (February in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** The values a cron field allows, or undefined when it is `*` (every value). */
function cronSet(
  part: string,
  field: { min: number; max: number; names?: string[] },
): Set<number> | undefined {
  if (part === '*') return undefined
  const values = new Set<number>()
  for (const item of part.split(',')) {
    const [range = '', stepText] = item.split('/')
    const step = stepText === undefined ? 1 : Number(stepText)
    const [from = '', to] = range.split('-')
    const start = range === '*' ? field.min : (cronValue(from, field) ?? field.min)
    // `*` and `n/step` run to the field's end, `n-m` to m, a lone `n` is itself.
    let end = start
    if (range === '*') end = field.max
    else if (to !== undefined) end = cronValue(to, field) ?? start
    else if (stepText) end = field.max
    for (let v = start; v <= end; v += step) values.add(v)
  }
  return values
}

/**
 * Whether a valid five-field schedule ever runs. Only a day of month that none of its months has
 * (`0 0 31 2 *`) never comes; a restricted day of week runs on its weekdays anyway (cron's "or").
 */
export function cronEverRuns(expression: string): boolean {
  const parts = expression.trim().split(/\s+/)
  if (parts.length !== 5 || !isCron(expression)) return true
  const [, , dayPart = '*', monthPart = '*', weekdayPart = '*'] = parts
  if (weekdayPart !== '*') return true
  const days = cronSet(dayPart, CRON_FIELDS[2] as (typeof CRON_FIELDS)[number])
  const months = cronSet(monthPart, CRON_FIELDS[3] as (typeof CRON_FIELDS)[number])
  if (!days) return true
  const smallest = Math.min(...days)
  return [...(months ?? MONTH_DAYS.map((_, i) => i + 1))].some((m) => smallest <= (MONTH_DAYS[m - 1] ?? 31))
}

/** Whether a valid schedule names this wall-clock minute (day of month or weekday, as cron reads them). */
export function cronNames(
  expression: string,
  at: { minute: number; hour: number; day: number; month: number; weekday: number },
): boolean {
  const parts = expression.trim().split(/\s+/)
  const sets = parts.map((part, i) => cronSet(part, CRON_FIELDS[i] as (typeof CRON_FIELDS)[number]))
  const has = (set: Set<number> | undefined, v: number) => set === undefined || set.has(v)
  const [minutes, hours, days, months, weekdays] = sets
  const weekday = has(weekdays, at.weekday) || (at.weekday === 0 && has(weekdays, 7))
  const day =
    days !== undefined && weekdays !== undefined ? has(days, at.day) || weekday : has(days, at.day) && weekday
  return has(minutes, at.minute) && has(hours, at.hour) && has(months, at.month) && day
}
