import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { contractKeys, productCredentialsQuery, saveCredentials } from '../../api/contracts'
import { useOnlineWrite } from '../../api/online-write'
import { usePermittedAction } from '../../auth/permitted'
import { MESSAGES } from '../../contract/messages'
import { useSession } from '../../core/session'
import { useUnsavedInput } from '../../pwa/unsaved'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { confirmDialog } from '../../ui/dialog-parts'
import { translateValidation } from '../../ui/form/validation-message'
import { inputClass } from '../../ui/input'
import { OnDemand } from '../../ui/on-demand'
import { OnlineOnlyButton } from '../../ui/online-only-button'
import { PartFailure } from '../../ui/query-state'
import { SubForm } from '../../ui/sub-form'
import { contractMessages } from './contract-messages'
import {
  type CredentialRow,
  credentialProblems,
  DUPLICATE_NAME,
  toCredentials,
  valueProblems,
} from './credential-rows'

const newRow = (): CredentialRow => ({ key: crypto.randomUUID(), name: '', value: '' })

/** A product's credentials: the saved names (values masked) and new ones, which overwrite them all. */

export function ProductCredentials({ productId }: { productId: string }) {
  const intl = useIntl()
  const id = useId()
  const session = useSession()
  const queryClient = useQueryClient()
  const saved = useQuery({ ...productCredentialsQuery(productId), enabled: session !== null })
  const [rows, setRows] = useState<CredentialRow[]>([newRow()])
  const [revealed, setRevealed] = useState<Set<string>>(new Set())
  const [submitted, setSubmitted] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  // Saved only by who may change the product, as its Edit is offered.
  const saveAction = usePermittedAction({ type: 'products', actions: 'update', entityIds: productId })
  const write = useOnlineWrite((credentials: Record<string, string>, key: string) =>
    saveCredentials(productId, credentials, key),
  )
  // No draft for secrets: leaving with typed credentials asks first.
  useUnsavedInput(rows.some((r) => r.name !== '' || r.value !== ''))
  if (!session) return null
  const problems = submitted ? credentialProblems(rows) : {}
  const badValues = submitted ? valueProblems(rows) : new Map<string, string>()
  const nothing =
    submitted && Object.keys(problems).length === 0 && Object.keys(toCredentials(rows)).length === 0
  const savedEntries = Object.entries(saved.data?.credentials ?? {})

  const update = (key: string, change: Partial<CredentialRow>) =>
    setRows(rows.map((r) => (r.key === key ? { ...r, ...change } : r)))

  const ask = () => {
    setSubmitted(true)
    setOutcome(null)
    if (Object.keys(credentialProblems(rows)).length > 0 || valueProblems(rows).size > 0) return
    if (Object.keys(toCredentials(rows)).length === 0) return
    setConfirming(true)
  }

  const save = async () => {
    setConfirming(false)
    setOutcome(null)
    const result = await write.run(toCredentials(rows))
    if (!result) return
    if (result.error === undefined && result.status < 300) {
      setRows([newRow()])
      setSubmitted(false)
      setOutcome({
        ok: true,
        text: intl.formatMessage({ id: 'credentials.saved', defaultMessage: 'Credentials saved' }),
      })
      await queryClient.invalidateQueries({ queryKey: contractKeys.credentials(productId) })
    }
  }
  const shown = write.error ? { ok: false, text: write.error } : outcome

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-4 shadow-sm">
      <h2 id={`${id}-title`} className="mb-2 text-lg font-semibold">
        <FormattedMessage id="credentials.title" defaultMessage="Credentials" />
      </h2>
      <PartFailure query={saved} />
      {savedEntries.length > 0 ? (
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {savedEntries.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-medium text-gray-800">{name}</dt>
              <dd className="font-mono text-gray-700">{String(value)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        saved.data !== undefined && (
          <p className="mb-4 text-sm text-gray-600">
            <FormattedMessage id="credentials.none" defaultMessage="No credentials saved." />
          </p>
        )
      )}
      {shown && (
        <div className="mb-3">
          <Alert tone={shown.ok ? 'success' : 'error'}>{shown.text}</Alert>
        </div>
      )}
      <SubForm
        label={intl.formatMessage({ id: 'credentials.new', defaultMessage: 'New credentials' })}
        onSubmit={ask}
      >
        <p className="mb-3 text-sm text-amber-900">{intl.formatMessage(contractMessages.overwrite)}</p>
        {rows.map((row, index) => {
          const problem = problems[row.key]
          const shown = revealed.has(row.key)
          const n = index + 1
          return (
            <div key={row.key} className="mb-3 flex flex-wrap items-start gap-2">
              <div className="min-w-40 flex-1">
                <label htmlFor={`${id}-name-${row.key}`} className="mb-1 block text-sm font-medium">
                  <FormattedMessage id="credentials.name" defaultMessage="Name {n}" values={{ n }} />
                </label>
                <input
                  id={`${id}-name-${row.key}`}
                  value={row.name}
                  autoComplete="off"
                  aria-invalid={problem !== undefined}
                  aria-describedby={problem ? `${id}-error-${row.key}` : undefined}
                  onChange={(e) => update(row.key, { name: e.target.value })}
                  className={inputClass}
                />
                {problem && (
                  <p id={`${id}-error-${row.key}`} className="mt-1 text-sm text-red-700">
                    {problem !== DUPLICATE_NAME
                      ? translateValidation(intl, problem)
                      : intl.formatMessage({
                          id: 'credentials.duplicate',
                          defaultMessage: 'This name is already used.',
                        })}
                  </p>
                )}
              </div>
              <div className="min-w-40 flex-1">
                <label htmlFor={`${id}-value-${row.key}`} className="mb-1 block text-sm font-medium">
                  <FormattedMessage id="credentials.value" defaultMessage="Value {n}" values={{ n }} />
                </label>
                <input
                  id={`${id}-value-${row.key}`}
                  type={shown ? 'text' : 'password'}
                  autoComplete="new-password"
                  value={row.value}
                  aria-invalid={badValues.has(row.key)}
                  aria-describedby={badValues.has(row.key) ? `${id}-value-error-${row.key}` : undefined}
                  onChange={(e) => update(row.key, { value: e.target.value })}
                  className={`${inputClass} font-mono`}
                />
                {badValues.has(row.key) && (
                  <p id={`${id}-value-error-${row.key}`} className="mt-1 text-sm text-red-700">
                    {translateValidation(intl, badValues.get(row.key) ?? MESSAGES.required)}
                  </p>
                )}
              </div>
              <div className="flex gap-1 self-end">
                <Button
                  variant="ghost"
                  aria-pressed={shown}
                  onClick={() => {
                    const next = new Set(revealed)
                    if (shown) next.delete(row.key)
                    else next.add(row.key)
                    setRevealed(next)
                  }}
                >
                  {shown ? (
                    <FormattedMessage id="credentials.hide" defaultMessage="Hide value {n}" values={{ n }} />
                  ) : (
                    <FormattedMessage id="credentials.show" defaultMessage="Show value {n}" values={{ n }} />
                  )}
                </Button>
                {rows.length > 1 && (
                  <Button variant="ghost" onClick={() => setRows(rows.filter((r) => r.key !== row.key))}>
                    <FormattedMessage id="credentials.remove" defaultMessage="Remove {n}" values={{ n }} />
                  </Button>
                )}
              </div>
            </div>
          )
        })}
        {nothing && (
          <p role="alert" className="mb-3 text-sm text-red-700">
            <FormattedMessage
              id="credentials.nothing"
              defaultMessage="Nothing to save: enter a name and a value."
            />
          </p>
        )}
        <div className="flex flex-wrap items-start gap-2">
          <Button variant="secondary" onClick={() => setRows([...rows, newRow()])}>
            <FormattedMessage id="credentials.add" defaultMessage="Add credential" />
          </Button>
          <OnlineOnlyButton
            onClick={ask}
            disabled={write.busy || saveAction.disabled}
            title={saveAction.reason}
            aria-busy={write.busy}
          >
            <FormattedMessage id="credentials.save" defaultMessage="Save credentials" />
          </OnlineOnlyButton>
        </div>
      </SubForm>
      <OnDemand part={confirmDialog} asked={confirming} onClose={() => setConfirming(false)}>
        {(ConfirmDialog) => (
          <ConfirmDialog
            open={confirming}
            title={<FormattedMessage id="credentials.confirmTitle" defaultMessage="Overwrite credentials?" />}
            description={intl.formatMessage(contractMessages.overwrite)}
            confirmLabel={<FormattedMessage id="credentials.confirm" defaultMessage="Overwrite" />}
            onConfirm={() => void save()}
            onCancel={() => setConfirming(false)}
            danger
          />
        )}
      </OnDemand>
    </section>
  )
}
