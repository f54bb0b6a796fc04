import type { AnyFieldApi } from '@tanstack/react-form'
import { onlineManager } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { defineMessages, FormattedMessage, type IntlShape, useIntl } from 'react-intl'
import { MESSAGES } from '../../contract/messages'
import type { OutboxEntry } from '../../outbox/db'
import { retryEntry } from '../../outbox/outbox'
import { awaitOutcome, type SaveOutcome } from '../../outbox/save-outcome'
import { Alert } from '../alert'
import { showNotice } from '../notice'
import { translateValidation, UNIT_MESSAGES } from './validation-message'

type Issue = NonNullable<OutboxEntry['issues']>[number]

/**
 * The one mapping of a platform's field error (field and rule) to a message in the user's language
 * and units; the platform's own text is shown apart, as a detail.
 */
export function platformFieldMessage(intl: IntlShape, issue: Issue): string {
  const field = issue.path.split('.').at(-1) ?? ''
  // A taken product code has its own fixed words, not the generic "taken" text.
  if (issue.rule === 'unique' && field === 'productCode')
    return translateValidation(intl, MESSAGES.duplicateProductCode)
  if (issue.rule === 'unique')
    return intl.formatMessage(
      {
        id: 'platform.taken',
        defaultMessage:
          '{field, select, dataFormatCode {Another data format already has this code.} other {This value is already in use.}}',
      },
      { field },
    )
  const tooBig =
    issue.rule === 'too_big' || issue.message === MESSAGES.tooLarge || /^Too big/.test(issue.message)
  if (tooBig && field === 'interval') return translateValidation(intl, UNIT_MESSAGES.intervalTooLong)
  if (tooBig && field === 'concurrentExecutions')
    return translateValidation(intl, UNIT_MESSAGES.concurrencyTooLarge)
  if (issue.message === 'must not be a local or private address')
    return intl.formatMessage({
      id: 'platform.privateAddress',
      defaultMessage: 'The platform does not call local or private addresses.',
    })
  const known = translateValidation(intl, issue.message)
  if (known !== issue.message) return known
  return intl.formatMessage({
    id: 'platform.refusedValue',
    defaultMessage: 'The platform did not accept this value.',
  })
}

/** A platform path (`actions.0.name`) as the form names the field (`actions[0].name`). */
export const formFieldName = (path: string) => path.replace(/\.(\d+)(?=\.|$)/g, '[$1]')

// biome-ignore lint/suspicious/noExplicitAny: any TanStack form of any values
type AnyForm = { getFieldMeta: (name: any) => unknown; setFieldMeta: (name: any, updater: any) => void }

/** Puts each refused field's message on the field of the open form; a field the form lacks is left to the alert. */
export function showOnFields(intl: IntlShape, form: AnyForm, issues: Issue[] = []) {
  for (const issue of issues) {
    const name = formFieldName(issue.path)
    if (!name || !form.getFieldMeta(name)) continue
    const message = platformFieldMessage(intl, issue)
    form.setFieldMeta(name, (meta: { errorMap?: object }) => ({
      ...meta,
      isTouched: true,
      errorMap: { ...meta.errorMap, onServer: message },
    }))
  }
}

/** Form listeners: a platform error leaves its field once the user changes the field. */
export const platformErrorListeners = {
  onChange: ({ fieldApi }: { fieldApi: AnyFieldApi }) => {
    if (fieldApi.state.meta.errorMap.onServer === undefined) return
    fieldApi.setMeta((meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: undefined } }))
  },
}

/** A form opened on a change refused after it was closed: the platform's errors go back on its fields. */
export function useRefusalOnFields(form: AnyForm, refused: OutboxEntry | undefined) {
  const intl = useIntl()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refused change
  useEffect(() => {
    if (refused?.issues) showOnFields(intl, form, refused.issues)
  }, [refused?.id])
}

/**
 * A form's save through the outbox, the one write path: the change is queued, then the form waits for
 * the platform's answer. Sent: a notice, and the caller closes the form. Refused: the form stays open
 * with the platform's errors on its fields, and the next save sends the same change corrected. No
 * answer (offline, slow, a server error): a notice says it is kept on this device and will be sent.
 * `refusedBefore` is a change the platform refused after its form was closed (opened from the sync centre).
 */
export function useOutboxSave(refusedBefore?: OutboxEntry) {
  const intl = useIntl()
  const [refused, setRefused] = useState<OutboxEntry | undefined>(refusedBefore)
  const save = async (
    queue: () => Promise<OutboxEntry | undefined>,
    body: unknown,
    form?: AnyForm,
  ): Promise<SaveOutcome> => {
    const entry = refused ? await retryEntry(refused.id, { body }) : await queue()
    const outcome = await awaitOutcome(entry, { online: onlineManager.isOnline() })
    if (outcome.kind === 'refused') {
      setRefused(outcome.entry)
      if (form) showOnFields(intl, form, outcome.entry.issues)
      return outcome
    }
    setRefused(undefined)
    showOutcomeNotice(intl, entry, outcome)
    return outcome
  }
  return { refused, setRefused, save }
}

/** The notice of a change the platform took, or kept on this device to send: never before the answer. */
export function showOutcomeNotice(intl: IntlShape, entry: OutboxEntry | undefined, outcome: SaveOutcome) {
  const label = entry?.label ?? ''
  if (outcome.kind === 'refused') return
  if (outcome.kind === 'sent')
    showNotice(
      'success',
      entry?.method === 'DELETE'
        ? intl.formatMessage({ id: 'save.deleted', defaultMessage: '{label} deleted.' }, { label })
        : intl.formatMessage({ id: 'save.sent', defaultMessage: '{label} saved.' }, { label }),
    )
  else if (outcome.lastStatus && outcome.lastStatus >= 500)
    showNotice(
      'info',
      intl.formatMessage(
        {
          id: 'save.serverError',
          defaultMessage:
            'The platform could not take {label} now ({status}). It is saved on this device and will be sent again.',
        },
        { label, status: outcome.lastStatus },
      ),
    )
  else
    showNotice(
      'info',
      intl.formatMessage(
        {
          id: 'save.onDevice',
          defaultMessage:
            '{label} is saved on this device and will be sent when the platform can be reached.',
        },
        { label },
      ),
    )
}

/** Why the platform refused a change (a conflict apart, which leads to the sync centre): what each says. */
const REFUSALS = defineMessages({
  forbidden: { id: 'save.forbidden', defaultMessage: 'You do not have permission to make this change.' },
  deleteRefused: { id: 'save.deleteRefused', defaultMessage: 'The platform did not delete it.' },
  refused: {
    id: 'save.refused',
    defaultMessage: 'The platform did not accept the change. Correct the marked fields and save again.',
  },
  refusedWhole: { id: 'save.refusedWhole', defaultMessage: 'The platform did not accept the change.' },
  notFound: { id: 'failure.404', defaultMessage: 'Not found: it may have been removed.' },
  busy: { id: 'failure.409', defaultMessage: 'The change conflicts with another one. Try again.' },
})

function refusalOf(entry: OutboxEntry): keyof typeof REFUSALS {
  if (entry.status === 'failed' && entry.lastStatus === 403) return 'forbidden'
  if (entry.method === 'DELETE') return 'deleteRefused'
  // A refusal that names fields marks them; one that names none has nothing to correct in the form.
  if (entry.issues?.length) return 'refused'
  if (entry.lastStatus === 404) return 'notFound'
  if (entry.lastStatus === 409) return 'busy'
  return 'refusedWhole'
}

/** What the platform said about a refused change, above the form: what to do, and its own text as a detail. */
export function PlatformRefusal({ entry }: { entry?: OutboxEntry }) {
  if (!entry) return null
  return (
    <div className="mb-4" data-testid="platform-refusal">
      <Alert>
        {entry.status === 'conflict' ? (
          <>
            <FormattedMessage
              id="save.conflict"
              defaultMessage="Someone changed this meanwhile, and the platform kept their version. Compare and resolve it in the sync centre."
            />{' '}
            <Link to="/outbox" className="underline">
              <FormattedMessage id="save.openSyncCentre" defaultMessage="Open the sync centre" />
            </Link>
          </>
        ) : (
          <FormattedMessage {...REFUSALS[refusalOf(entry)]} />
        )}
        {entry.lastError && (
          <details className="mt-2">
            <summary className="cursor-pointer">
              <FormattedMessage id="save.platformSaid" defaultMessage="The platform's message" />
            </summary>
            <p className="mt-1 break-words" data-testid="platform-text">
              {entry.lastStatus ? `${entry.lastStatus}: ` : ''}
              {entry.lastError}
            </p>
          </details>
        )}
      </Alert>
    </div>
  )
}
