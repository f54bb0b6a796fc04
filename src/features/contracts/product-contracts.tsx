import { useQuery } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState } from 'react'
import { FormattedDate, FormattedMessage, type IntlShape, useIntl } from 'react-intl'
import { CONTRACTS_RESOURCE, type Contract, contractState, productContractsQuery } from '../../api/contracts'
import { organizationsQuery } from '../../api/organizations'
import { usePermittedAction } from '../../auth/permitted'
import { fieldsOf } from '../../contract/reading'
import { useSession } from '../../core/session'
import { applyPending, type WithPending } from '../../outbox/pending'
import { usePendingChanges } from '../../outbox/use-outbox'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { type Column, DataTable } from '../../ui/data-table'
import { AskedPart, onDemand } from '../../ui/on-demand-part'
import { PartFailure } from '../../ui/query-state'
import { contractMessages } from './contract-messages'

/** The form brings the contract's schema (classic zod): loaded when a contract is added, not with the detail. */
const contractForm = onDemand(
  () => import('./contract-form'),
  (m) => m.ContractForm,
)

const stateClass = {
  upcoming: 'bg-blue-100 text-blue-900',
  valid: 'bg-green-100 text-green-900',
  expired: 'bg-gray-200 text-gray-800',
}

/** The contracts of a product (valid from and to, publisher, consumer, state) and a new one. */
export function ProductContracts({ productId }: { productId: string }) {
  const intl = useIntl()
  const session = useSession()
  const query = useQuery({ ...productContractsQuery(productId), enabled: session !== null })
  // Parties named by organization id are shown by name, where the caller may read it.
  const organizations = useQuery({ ...organizationsQuery(), enabled: session !== null })
  const party = (v: string | null | undefined) =>
    v == null ? undefined : (organizations.data?.find((o) => o.id === v)?.name ?? v)
  const pending = usePendingChanges(CONTRACTS_RESOURCE).filter(
    (e) => fieldsOf(e.body).productId === productId,
  )
  const rows = applyPending<Contract>(query.data ?? [], pending, CONTRACTS_RESOURCE)
  const [creating, setCreating] = useState(false)
  // What became of the last new contract: only what the platform said, or that it waits here.
  const [notice, setNotice] = useState<{ kind: 'sent' } | { kind: 'queued'; status?: number }>()
  // Offered only to who may make one, as Edit and Delete are: never offered, then refused.
  const create = usePermittedAction({ type: 'contracts', actions: 'create', entityIds: productId })
  // The form closed, focus goes back to the button that opened it, not to the page: once the button
  // is in the document again, before the browser paints the page with the focus lost.
  const newButton = useRef<HTMLButtonElement>(null)
  const wasCreating = useRef(false)
  useLayoutEffect(() => {
    if (wasCreating.current && !creating) newButton.current?.focus()
    wasCreating.current = creating
  }, [creating])
  const close = () => setCreating(false)
  if (!session) return null

  return (
    <section aria-labelledby={`contracts-${productId}`} className="rounded-lg bg-white p-4 shadow-sm">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id={`contracts-${productId}`} className="flex-auto text-lg font-semibold">
          <FormattedMessage id="contract.title" defaultMessage="Contracts" />
        </h2>
        {!creating && (
          <Button
            ref={newButton}
            variant="secondary"
            disabled={create.disabled}
            title={create.reason}
            onClick={() => {
              setCreating(true)
              setNotice(undefined)
            }}
          >
            <FormattedMessage id="contract.new" defaultMessage="New contract" />
          </Button>
        )}
      </div>
      {notice?.kind === 'sent' && (
        <div className="mb-3">
          <Alert tone="success">{intl.formatMessage(contractMessages.created)}</Alert>
        </div>
      )}
      {notice?.kind === 'queued' && (
        <div className="mb-3" data-testid="contract-on-device">
          <Alert tone="info">
            {notice.status && notice.status >= 500
              ? intl.formatMessage(
                  {
                    id: 'contract.serverError',
                    defaultMessage:
                      'The platform could not take the contract now ({status}). It is saved on this device and will be sent again.',
                  },
                  { status: notice.status },
                )
              : intl.formatMessage(contractMessages.onDevice)}
          </Alert>
        </div>
      )}
      <PartFailure query={query} className="mb-3" />
      {creating && (
        // Its code not come: the form closes, the detail stays, and a notice says so.
        <AskedPart part={contractForm} onFailed={close}>
          {(ContractForm) => (
            <ContractForm
              productId={productId}
              onCancel={close}
              onDone={(outcome) => {
                close()
                setNotice(
                  outcome.kind === 'sent' ? { kind: 'sent' } : { kind: 'queued', status: outcome.lastStatus },
                )
              }}
            />
          )}
        </AskedPart>
      )}
      {/* Focusable: on a narrow screen the table scrolls sideways, and keyboard users must reach it too. */}
      <div className="mt-3">
        <DataTable
          caption={<FormattedMessage id="contract.title" defaultMessage="Contracts" />}
          columns={columns(intl, pending, party)}
          rows={rows}
          rowKey={(row) => row.id}
          dense
          card={false}
          focusable
          empty={
            // A failed read with nothing saved is not "no contracts": the notice above says it failed.
            query.data === undefined && !query.isPending ? null : (
              <p className="py-2 text-center text-gray-600">
                {query.isPending ? (
                  <FormattedMessage id="common.loading" defaultMessage="Loading…" />
                ) : (
                  <FormattedMessage id="contract.none" defaultMessage="No contracts yet." />
                )}
              </p>
            )
          }
        />
      </div>
    </section>
  )
}

const columns = (
  intl: IntlShape,
  pending: { entityId: string; label: string }[],
  party: (v: string | null | undefined) => string | undefined,
): Column<WithPending<Contract>>[] => [
  {
    id: 'validFrom',
    header: <FormattedMessage id="contract.validFrom" defaultMessage="Valid from" />,
    cell: (row) => (
      <>
        <span className="whitespace-nowrap">
          <FormattedDate value={row.validFrom} dateStyle="medium" />
        </span>
        {/* A phone hides the Valid to column: the end date stays here, named. */}
        <span className="mt-1 block text-xs text-gray-700 sm:hidden">
          <FormattedMessage id="contract.validTo" defaultMessage="Valid to" />:{' '}
          <span className="whitespace-nowrap">
            <FormattedDate value={row.validTo} dateStyle="medium" />
          </span>
        </span>
      </>
    ),
  },
  {
    id: 'validTo',
    priority: 'sm',
    className: 'whitespace-nowrap',
    header: <FormattedMessage id="contract.validTo" defaultMessage="Valid to" />,
    cell: (row) => <FormattedDate value={row.validTo} dateStyle="medium" />,
  },
  {
    id: 'publisher',
    priority: 'md',
    header: <FormattedMessage id="contract.publisher" defaultMessage="Data publisher" />,
    cell: (row) => party(row.dataPublisher) ?? '—',
  },
  {
    id: 'consumer',
    header: <FormattedMessage id="contract.consumer" defaultMessage="Data consumer" />,
    cell: (row) => party(row.dataConsumer) ?? pendingConsumer(row, pending),
  },
  {
    id: 'state',
    pendingBadge: true,
    header: <FormattedMessage id="contract.state" defaultMessage="State" />,
    cell: (row) => {
      // A new contract the platform refused does not exist: it has no state, only its badge.
      if (row.pending === 'create' && row.pendingStatus === 'failed') return null
      const state = contractState(row)
      return (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${stateClass[state]}`}
        >
          {intl.formatMessage(contractMessages[state])}
        </span>
      )
    },
  },
]

/** A queued contract has no consumer name from the platform yet: its queue label carries it. */
function pendingConsumer(row: { id: string }, pending: { entityId: string; label: string }[]) {
  return pending.find((e) => e.entityId === row.id)?.label ?? '—'
}
