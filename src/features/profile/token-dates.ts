import type { IntlShape } from 'react-intl'
import type { FieldIssue } from '../../api/online-write'
import { FUTURE_DATE_MESSAGE, translateValidation } from '../../ui/form/validation-message'

export const dayString = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

export const daysAhead = (n: number) => dayString(new Date(Date.now() + n * 86_400_000))

/** The last moment of the chosen day in the operator's time zone. */
export function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number)
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 23, 59, 59).toISOString()
}

/** The platform's message on the expiration date, in the user's language. */
export function expirationProblem(intl: IntlShape, issues: FieldIssue[]): string | undefined {
  const issue = issues.find((i) => i.path === 'expirationDate')
  if (!issue) return undefined
  const longest = /at most (\d+) days/.exec(issue.message)?.[1]
  if (longest)
    return intl.formatMessage(
      {
        id: 'tokens.tooLong',
        defaultMessage: 'A token lives at most {days} days from when it was created: choose an earlier date.',
      },
      { days: Number(longest) },
    )
  if (/future/.test(issue.message)) return translateValidation(intl, FUTURE_DATE_MESSAGE)
  return issue.message
}
