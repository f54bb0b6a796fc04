/**
 * The purchase dialog's messages and the credentials' limits, kept apart from the contract's schemas
 * so that the product's detail can use them without loading zod.
 */
export const NO_ORGANIZATION = 'No organization selected.'
export const NO_CONTRACT = 'No contract selected.'

/** The longest name and text value of a credential. */
export const CREDENTIAL_LIMITS = { name: 200, value: 4000 } as const
