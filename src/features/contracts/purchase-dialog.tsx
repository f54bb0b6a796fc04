import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { productContractsQuery, purchasableContracts, purchaseProduct } from '../../api/contracts'
import { useOnlineWrite } from '../../api/online-write'
import { organizationsQuery } from '../../api/organizations'
import { currentScope } from '../../core/scope'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { Dialog, DialogDescription, DialogTitle } from '../../ui/dialog'
import { inputClass } from '../../ui/input'
import { OnlineOnlyButton } from '../../ui/online-only-button'
import { contractMessages, translatePurchaseError } from './contract-messages'

/** The purchase's dialog: the buying organization and one of its contracts valid now; online-only. */
export function PurchaseDialog({
  product,
  open,
  onDone,
  onClose,
}: {
  product: { id: string; name?: string }
  open: boolean
  onDone: () => void
  onClose: () => void
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      placement="center"
      className="w-[min(30rem,94vw)]"
    >
      {open && <PurchaseForm product={product} onDone={onDone} onCancel={onClose} />}
    </Dialog>
  )
}

function PurchaseForm({
  product,
  onDone,
  onCancel,
}: {
  product: { id: string; name?: string }
  onDone: () => void
  onCancel: () => void
}) {
  const intl = useIntl()
  const id = useId()
  const organizations = useQuery(organizationsQuery())
  const contracts = useQuery(productContractsQuery(product.id))
  const [organizationId, setOrganizationId] = useState(currentScope().organizationId)
  const [contractId, setContractId] = useState('')
  const [problem, setProblem] = useState<'organization' | 'contract' | null>(null)
  const write = useOnlineWrite((input: { organizationId: string; contractId: string }, key: string) =>
    purchaseProduct(product.id, input, key),
  )
  const choices = purchasableContracts(contracts.data ?? [], organizationId)

  const submit = async () => {
    write.clearError()
    if (!organizationId) return setProblem('organization')
    if (!contractId) return setProblem('contract')
    setProblem(null)
    const result = await write.run({ organizationId, contractId })
    if (result && result.error === undefined && result.status >= 200 && result.status < 300) onDone()
  }
  // The platform refuses with the dialog's own messages: those are shown as the dialog says them.
  const error = write.error === undefined ? undefined : translatePurchaseError(intl, write.error)

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        // The dialog's DOM is a portal, but React events still bubble to the screen behind it.
        e.stopPropagation()
        void submit()
      }}
    >
      <DialogTitle className="[overflow-wrap:anywhere]">
        <FormattedMessage
          id="purchase.title"
          defaultMessage="Purchase {name}"
          values={{ name: product.name ?? '' }}
        />
      </DialogTitle>
      <DialogDescription className="mt-1 text-sm text-gray-700">
        <FormattedMessage
          id="purchase.description"
          defaultMessage="Choose the buying organization and one of its contracts valid now."
        />
      </DialogDescription>
      {error && (
        <div className="mt-3">
          <Alert>{error}</Alert>
        </div>
      )}
      <div className="mt-4">
        <label htmlFor={`${id}-org`} className="mb-1 block text-sm font-medium text-gray-800">
          <FormattedMessage id="purchase.organization" defaultMessage="Organization" />
        </label>
        <select
          id={`${id}-org`}
          value={organizationId}
          aria-invalid={problem === 'organization'}
          aria-describedby={problem === 'organization' ? `${id}-org-error` : undefined}
          onChange={(e) => {
            setOrganizationId(e.target.value)
            setContractId('')
          }}
          className={inputClass}
        >
          <option value="">—</option>
          {(organizations.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        {problem === 'organization' && (
          <p id={`${id}-org-error`} className="mt-1 text-sm text-red-700">
            {intl.formatMessage(contractMessages.noOrganization)}
          </p>
        )}
      </div>
      <div className="mt-4">
        <label htmlFor={`${id}-contract`} className="mb-1 block text-sm font-medium text-gray-800">
          <FormattedMessage id="purchase.contract" defaultMessage="Contract" />
        </label>
        <select
          id={`${id}-contract`}
          value={contractId}
          aria-invalid={problem === 'contract'}
          aria-describedby={`${id}-contract-hint${problem === 'contract' ? ` ${id}-contract-error` : ''}`}
          onChange={(e) => setContractId(e.target.value)}
          className={inputClass}
        >
          <option value="">—</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {intl.formatDate(c.validFrom, { dateStyle: 'medium' })} –{' '}
              {intl.formatDate(c.validTo, { dateStyle: 'medium' })}
            </option>
          ))}
        </select>
        <p id={`${id}-contract-hint`} className="mt-1 text-xs text-gray-600">
          {organizationId && choices.length === 0 && !contracts.isPending ? (
            <FormattedMessage
              id="purchase.noContracts"
              defaultMessage="This organization has no contract for the product valid now."
            />
          ) : (
            <FormattedMessage
              id="purchase.contractHint"
              defaultMessage="Contracts of this product for the organization, valid today ({today})."
              values={{ today: <FormattedDate value={Date.now()} dateStyle="medium" /> }}
            />
          )}
        </p>
        {problem === 'contract' && (
          <p id={`${id}-contract-error`} className="mt-1 text-sm text-red-700">
            {intl.formatMessage(contractMessages.noContract)}
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </Button>
        <OnlineOnlyButton type="submit" disabled={write.busy} aria-busy={write.busy}>
          <FormattedMessage id="purchase.submit" defaultMessage="Buy" />
        </OnlineOnlyButton>
      </div>
    </form>
  )
}
