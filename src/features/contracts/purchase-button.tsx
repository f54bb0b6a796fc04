import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { usePermittedAction } from '../../auth/permitted'
import { useSession } from '../../core/session'
import { Alert } from '../../ui/alert'
import { OnDemand, onDemand } from '../../ui/on-demand'
import { OnlineOnlyButton } from '../../ui/online-only-button'
import { contractMessages } from './contract-messages'

/** The purchase's dialog (Radix's dialog with it) is fetched once the product is shown, not before. */
const purchaseDialog = onDemand(
  () => import('./purchase-dialog'),
  (m) => m.PurchaseDialog,
)

/** Buys a product for an organization under one of its contracts valid now; online-only. */
export function PurchaseButton({ product }: { product: { id: string; name?: string } }) {
  const intl = useIntl()
  const session = useSession()
  const [open, setOpen] = useState(false)
  const [purchased, setPurchased] = useState(false)
  const purchase = usePermittedAction({ type: 'purchases', actions: 'create', entityIds: product.id })
  if (!session) return null
  return (
    <div className="flex flex-col items-start gap-2">
      <OnlineOnlyButton
        disabled={purchase.disabled}
        title={purchase.reason}
        onClick={() => {
          setPurchased(false)
          setOpen(true)
        }}
      >
        <FormattedMessage id="purchase.open" defaultMessage="Purchase" />
      </OnlineOnlyButton>
      {purchased && <Alert tone="success">{intl.formatMessage(contractMessages.purchased)}</Alert>}
      <OnDemand
        part={purchaseDialog}
        asked={open}
        preload={!purchase.disabled}
        onClose={() => setOpen(false)}
      >
        {(PurchaseDialog) => (
          <PurchaseDialog
            product={product}
            open={open}
            onDone={() => {
              setOpen(false)
              setPurchased(true)
            }}
            onClose={() => setOpen(false)}
          />
        )}
      </OnDemand>
    </div>
  )
}
