import type { IntlShape } from 'react-intl'

const TYPE = /^Invalid input: expected (\w+), received (\w+)$/

/**
 * What an answer's field was expected to be, in the user's language. The reader writes it in zod's
 * English words (`Invalid input: expected string, received number`, `a list`), which the logs keep;
 * the screen says the same in the console's language.
 */
export function expectedWords(intl: IntlShape, expected: string): string {
  const typeWord = (type: string) =>
    intl.formatMessage(
      {
        id: 'reading.type',
        defaultMessage:
          '{type, select, string {text} number {a number} bigint {a number} boolean {true or false} object {an object} array {a list} null {null} undefined {nothing} date {a date} other {another kind of value}}',
      },
      { type },
    )
  const typed = TYPE.exec(expected)
  if (typed)
    return intl.formatMessage(
      { id: 'reading.expectedGot', defaultMessage: 'expected {expected}, got {received}' },
      { expected: typeWord(typed[1] ?? ''), received: typeWord(typed[2] ?? '') },
    )
  if (expected === 'a list')
    return intl.formatMessage({ id: 'reading.expectedList', defaultMessage: 'expected a list' })
  return intl.formatMessage({ id: 'reading.invalid', defaultMessage: 'value not allowed' })
}
