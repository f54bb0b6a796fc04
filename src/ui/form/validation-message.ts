import { defineMessages, type IntlShape } from 'react-intl'

/**
 * SPEC §5 messages come from the shared zod schemas in English, verbatim; shown in the chosen
 * language. An unknown message (a platform's own text) is shown as it came.
 */
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
  'Product with the same product code already exists.': {
    id: 'validation.duplicateProductCode',
    defaultMessage: 'Product with the same product code already exists.',
  },
})

/** Whether a text is one of the SPEC's validation messages the console translates. */
export const isKnownValidation = (message: string) => Object.hasOwn(known, message)

export function translateValidation(intl: IntlShape, message: string): string {
  const descriptor = (known as Record<string, { id: string; defaultMessage: string }>)[message]
  return descriptor ? intl.formatMessage(descriptor) : message
}

/** The text of the first error TanStack Form holds for a field (zod issues or plain strings). */
export function firstError(errors: unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === 'string' && error) return error
    if (typeof error === 'object' && error !== null && 'message' in error) {
      const message = (error as { message: unknown }).message
      if (typeof message === 'string' && message) return message
    }
  }
  return undefined
}
