import { defineMessages, type IntlShape } from 'react-intl'
import { fieldsOf } from '../../contract/reading'
import { CRON_NEVER_MESSAGE, STOP_AFTER_FAILURES_MESSAGE, TASK_LIMITS } from '../../contract/task-values'

/** A form-only key (and the token dialogs' reading of the platform's refusal): a date later than now. */
export const FUTURE_DATE_MESSAGE = 'Choose a date in the future.'

/** Form-only keys of limits said in the user's units (the platform's zod rule counts in ms). */
export const UNIT_MESSAGES = {
  intervalTooLong: 'Interval above the limit',
  concurrencyTooLarge: 'Concurrent executions above the limit',
} as const

const HOUR_MS = 3_600_000
const unitDescriptors = defineMessages({
  intervalTooLong: { id: 'validation.intervalTooLong', defaultMessage: 'At most {hours}h ({days} days)' },
  concurrencyTooLarge: { id: 'validation.concurrencyTooLarge', defaultMessage: 'At most {max} at once' },
})
/** Messages with values: the limit in the unit the user typed. */
const withValues: Record<
  string,
  { descriptor: { id: string; defaultMessage: string }; values: Record<string, number> }
> = {
  [UNIT_MESSAGES.intervalTooLong]: {
    descriptor: unitDescriptors.intervalTooLong,
    values: { hours: TASK_LIMITS.intervalMs / HOUR_MS, days: TASK_LIMITS.intervalMs / (24 * HOUR_MS) },
  },
  [UNIT_MESSAGES.concurrencyTooLarge]: {
    descriptor: unitDescriptors.concurrencyTooLarge,
    values: { max: TASK_LIMITS.concurrentExecutions },
  },
}

const known = defineMessages({
  'This field is required': { id: 'validation.required', defaultMessage: 'This field is required' },
  'Email invalid': { id: 'validation.email', defaultMessage: 'Email invalid' },
  'Too short': { id: 'validation.tooShort', defaultMessage: 'Too short' },
  'Too long': { id: 'validation.tooLong', defaultMessage: 'Too long' },
  'Too large': { id: 'validation.tooLarge', defaultMessage: 'Too large' },
  'Only alphanumeric characters are allowed': {
    id: 'validation.alphanumeric',
    defaultMessage: 'Only alphanumeric characters are allowed',
  },
  'Only digits are allowed': { id: 'validation.digits', defaultMessage: 'Only digits are allowed' },
  'Items should be uuids': { id: 'validation.uuids', defaultMessage: 'Items should be uuids' },
  'Items should be numbers': { id: 'validation.numbers', defaultMessage: 'Items should be numbers' },
  'Items should be alphanumeric': {
    id: 'validation.alphanumericItems',
    defaultMessage: 'Items should be alphanumeric',
  },
  'At least one item is required': {
    id: 'validation.requiredArray',
    defaultMessage: 'At least one item is required',
  },
  'Please enter in format "Hh Mm"': {
    id: 'validation.duration',
    defaultMessage: 'Please enter in format "Hh Mm"',
  },
  'Please provide a valid URL': { id: 'validation.url', defaultMessage: 'Please provide a valid URL' },
  'Please enter a valid object': { id: 'validation.object', defaultMessage: 'Please enter a valid object' },
  'Not valid JSON!': { id: 'validation.json', defaultMessage: 'Not valid JSON!' },
  'Enter a list in square brackets: [ … ]': {
    id: 'validation.jsonList',
    defaultMessage: 'Enter a list in square brackets: [ … ]',
  },
  'Please select item from the dropdown': {
    id: 'validation.enum',
    defaultMessage: 'Please select item from the dropdown',
  },
  'Please select group from the dropdown': {
    id: 'validation.group',
    defaultMessage: 'Please select group from the dropdown',
  },
  'Password must be min. 8 characters long and include at least one capital letter and one number.': {
    id: 'validation.password',
    defaultMessage:
      'Password must be min. 8 characters long and include at least one capital letter and one number.',
  },
  [STOP_AFTER_FAILURES_MESSAGE]: {
    id: 'validation.stopAfterFailures',
    defaultMessage: 'Enter a whole number from 1 to 100',
  },
  [CRON_NEVER_MESSAGE]: {
    id: 'validation.cronNever',
    defaultMessage: 'This schedule never runs: no month has that day',
  },
  [FUTURE_DATE_MESSAGE]: { id: 'validation.futureDate', defaultMessage: 'Choose a date in the future.' },
  'Data format is in use and cannot be deleted.': {
    id: 'validation.dataFormatInUse',
    defaultMessage: 'Data format is in use and cannot be deleted.',
  },
  'Product is in use and cannot be deleted.': {
    id: 'validation.productInUse',
    defaultMessage: 'Product is in use and cannot be deleted.',
  },
  'Product with the same product code already exists.': {
    id: 'validation.duplicateProductCode',
    defaultMessage: 'Product with the same product code already exists.',
  },
})

/** Whether a text is one of the fixed validation messages (required, email, URL…) the console translates. */
export const isKnownValidation = (message: string) => Object.hasOwn(known, message)

export function translateValidation(intl: IntlShape, message: string): string {
  const valued = withValues[message]
  if (valued) return intl.formatMessage(valued.descriptor, valued.values)
  const descriptor = (known as Record<string, { id: string; defaultMessage: string }>)[message]
  return descriptor ? intl.formatMessage(descriptor) : message
}

/** The text of the first error TanStack Form holds for a field (zod issues or plain strings). */
export function firstError(errors: unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error) return error
    const { message } = fieldsOf(error)
    if (typeof message === 'string' && message) return message
  }
  return undefined
}
