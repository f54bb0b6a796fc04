import { onlineManager, useQuery } from '@tanstack/react-query'
import { type ReactElement, useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { contracts } from '../../api/contracts'
import { organizationsQuery } from '../../api/organizations'
import { MESSAGES } from '../../contract/messages'
import type { OutboxEntry } from '../../outbox/db'
import { discardEntry, newLocalId, retryEntry } from '../../outbox/outbox'
import { awaitOutcome, type SaveOutcome } from '../../outbox/save-outcome'
import { useUnsavedInput } from '../../pwa/unsaved'
import { Button } from '../../ui/button'
import { SaveNotKept } from '../../ui/draft-offer'
import { PlatformRefusal, platformFieldMessage } from '../../ui/form/platform-answer'
import { translateValidation } from '../../ui/form/validation-message'
import { inputClass } from '../../ui/input'
import { LocaleDateInput } from '../../ui/locale-date-input'
import { saveErrorOf } from '../../ui/save-error'
import { SubForm } from '../../ui/sub-form'
import { type ContractFormValues, validateContract } from './contract-schema'

/**
 * A new contract between the product's publisher and a consumer, through the outbox: online the form
 * waits for the platform's answer and stays open with its errors when refused; with no answer
 * (offline, a server error) the contract is kept on this device and sent later (`onDone` says which).
 */
export function ContractForm({
  productId,
  onDone,
  onCancel,
}: {
  productId: string
  onDone: (outcome: Exclude<SaveOutcome, { kind: 'refused' }>) => void
  onCancel: () => void
}) {
  const intl = useIntl()
  const id = useId()
  const organizations = useQuery(organizationsQuery())
  const [values, setValues] = useState<ContractFormValues>({
    consumerOrganizationId: '',
    validFrom: '',
    validTo: '',
  })
  const [submitted, setSubmitted] = useState(false)
  const [saveError, setSaveError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState<OutboxEntry>()
  // No draft: a new version's reload waits while the form holds a choice.
  useUnsavedInput(Object.values(values).some((v) => v !== ''))
  const errors = submitted ? validateContract(values) : {}

  // The platform's messages on the fields it named, until the field is changed.
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof ContractFormValues, string>>>({})
  const change = (name: keyof ContractFormValues, value: string) => {
    setValues({ ...values, [name]: value })
    setServerErrors({ ...serverErrors, [name]: undefined })
  }

  const submit = async () => {
    setSubmitted(true)
    if (busy || Object.keys(validateContract(values)).length > 0) return
    const consumer = organizations.data?.find((o) => o.id === values.consumerOrganizationId)
    const body = {
      productId,
      consumerOrganizationId: values.consumerOrganizationId,
      validFrom: new Date(`${values.validFrom}T00:00:00`).toISOString(),
      validTo: new Date(`${values.validTo}T23:59:59`).toISOString(),
    }
    setBusy(true)
    setSaveError(null)
    try {
      const entry = refused
        ? await retryEntry(refused.id, { body })
        : await contracts.queueCreate(newLocalId(), body, consumer?.name ?? values.consumerOrganizationId)
      const outcome = await awaitOutcome(entry, { online: onlineManager.isOnline() })
      if (outcome.kind === 'refused') {
        setRefused(outcome.entry)
        const onFields: typeof serverErrors = {}
        for (const issue of outcome.entry.issues ?? []) {
          const name = issue.path.split('.').at(-1) as keyof ContractFormValues
          if (name in values) onFields[name] = platformFieldMessage(intl, issue)
        }
        setServerErrors(onFields)
        return
      }
      setRefused(undefined)
      onDone(outcome)
    } catch (error) {
      setSaveError(saveErrorOf(error))
    } finally {
      setBusy(false)
    }
  }

  /** A required field's own words, the dates' order as a sentence, the platform's refusal as it came. */
  const errorText = (error: string, name: keyof ContractFormValues) => {
    if (error === MESSAGES.required) return translateValidation(intl, error)
    if (error !== errors[name]) return error
    return intl.formatMessage({
      id: 'contract.validToAfter',
      defaultMessage: 'Valid to must be after valid from.',
    })
  }

  const field = (name: keyof ContractFormValues, label: string, control: (aria: object) => ReactElement) => {
    const error = errors[name] ?? serverErrors[name]
    return (
      <div className="mb-3 min-w-0 flex-1">
        <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium text-gray-800">
          {label}
          <span aria-hidden="true"> *</span>
        </label>
        {control({
          id: `${id}-${name}`,
          'aria-invalid': error !== undefined || undefined,
          'aria-required': true,
          'aria-describedby': error ? `${id}-${name}-error` : undefined,
        })}
        {error && (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700">
            {errorText(error, name)}
          </p>
        )}
      </div>
    )
  }

  return (
    <SubForm
      label={intl.formatMessage({ id: 'contract.new', defaultMessage: 'New contract' })}
      className="mt-3 rounded-md border border-gray-200 bg-gray-50 p-4"
      onSubmit={() => void submit()}
      focusFirst
    >
      <PlatformRefusal entry={refused} />
      {saveError && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          <SaveNotKept detail={saveError} />
        </p>
      )}
      <div className="flex flex-col gap-x-4 md:flex-row">
        {field(
          'consumerOrganizationId',
          intl.formatMessage({ id: 'contract.consumer', defaultMessage: 'Data consumer' }),
          (aria) => (
            <select
              {...aria}
              value={values.consumerOrganizationId}
              onChange={(e) => change('consumerOrganizationId', e.target.value)}
              className={inputClass}
            >
              <option value="">—</option>
              {(organizations.data ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          ),
        )}
        {field(
          'validFrom',
          intl.formatMessage({ id: 'contract.validFrom', defaultMessage: 'Valid from' }),
          (aria) => (
            <LocaleDateInput
              {...aria}
              value={values.validFrom}
              onChange={(iso) => change('validFrom', iso)}
              className={inputClass}
            />
          ),
        )}
        {field(
          'validTo',
          intl.formatMessage({ id: 'contract.validTo', defaultMessage: 'Valid to' }),
          (aria) => (
            <LocaleDateInput
              {...aria}
              value={values.validTo}
              onChange={(iso) => change('validTo', iso)}
              className={inputClass}
            />
          ),
        )}
      </div>
      <div className="flex gap-2">
        <Button onClick={() => void submit()} disabled={busy} aria-busy={busy || undefined}>
          <FormattedMessage id="contract.create" defaultMessage="Create contract" />
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            // A refused contract the user gave up on is not left in the queue.
            if (refused) void discardEntry(refused.id)
            onCancel()
          }}
        >
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
    </SubForm>
  )
}
