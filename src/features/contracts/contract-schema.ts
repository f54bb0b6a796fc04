import { MESSAGES } from '../../contract/messages'

export interface ContractFormValues {
  consumerOrganizationId: string
  /** Dates as the date input gives them: YYYY-MM-DD. */
  validFrom: string
  validTo: string
}

export const VALID_TO_BEFORE_FROM = 'validToBeforeFrom'

/** Problems per field: each required, and the end on or after the start. */
export function validateContract(
  values: ContractFormValues,
): Partial<Record<keyof ContractFormValues, string>> {
  const errors: Partial<Record<keyof ContractFormValues, string>> = {}
  for (const name of ['consumerOrganizationId', 'validFrom', 'validTo'] as const) {
    if (!values[name].trim()) errors[name] = MESSAGES.required
  }
  if (!errors.validFrom && !errors.validTo && values.validTo < values.validFrom)
    errors.validTo = VALID_TO_BEFORE_FROM
  return errors
}
