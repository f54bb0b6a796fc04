/**
 * The purchase dialog's messages, kept apart from the contract's schemas so that the product's detail
 * can translate them without loading zod.
 */
export const NO_ORGANIZATION = 'No organization selected.'
export const NO_CONTRACT = 'No contract selected.'
