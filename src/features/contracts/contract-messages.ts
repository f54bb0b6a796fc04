import { defineMessages, type IntlShape } from 'react-intl'
import { NO_CONTRACT, NO_ORGANIZATION } from '../../contract/contract-values'

export const contractMessages = defineMessages({
  upcoming: { id: 'contract.state.upcoming', defaultMessage: 'Not yet valid' },
  valid: { id: 'contract.state.valid', defaultMessage: 'Valid' },
  expired: { id: 'contract.state.expired', defaultMessage: 'Expired' },
  noOrganization: { id: 'purchase.noOrganization', defaultMessage: 'No organization selected.' },
  noContract: { id: 'purchase.noContract', defaultMessage: 'No contract selected.' },
  created: { id: 'contract.created', defaultMessage: 'Contract created' },
  onDevice: {
    id: 'contract.onDevice',
    defaultMessage: 'The contract is saved on this device and will be sent when the platform can be reached.',
  },
  purchased: { id: 'purchase.done', defaultMessage: 'Product Purchased' },
  overwrite: {
    id: 'credentials.overwriteWarning',
    defaultMessage: 'Creating new credentials will overwrite previously saved.',
  },
})

/** The platform answers a purchase with the dialog's own messages: shown in the chosen language. */
export function translatePurchaseError(intl: IntlShape, message: string): string {
  if (message === NO_ORGANIZATION) return intl.formatMessage(contractMessages.noOrganization)
  if (message === NO_CONTRACT) return intl.formatMessage(contractMessages.noContract)
  return message
}
