import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { defineMessages, FormattedDate, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl'
import { useOnlineWrite } from '../../api/online-write'
import { removeToken, renewToken, revokeToken, tokensQuery } from '../../api/tokens'
import type { AccessToken } from '../../contract/token'
import type { ApiResult } from '../../core/http'
import { useSession } from '../../core/session'
import { Alert } from '../../ui/alert'
import { type Column, DataTable } from '../../ui/data-table'
import { confirmDialog } from '../../ui/dialog-parts'
import { ErrorNotice } from '../../ui/error-notice'
import { FetchedAt } from '../../ui/fetched-at'
import { inputClass } from '../../ui/input'
import { LocaleDateInput } from '../../ui/locale-date-input'
import { OnDemand } from '../../ui/on-demand'
import { OnlineOnlyButton } from '../../ui/online-only-button'
import { StatusBadge } from '../../ui/status-badge'
import { useDialogState } from '../../ui/use-dialog-state'
import { GenerateTokenForm } from './generate-token-form'
import { NewTokenValue } from './new-token-value'
import { dayString, endOfDay, expirationProblem } from './token-dates'

type Notice = { tone: 'success' | 'error'; text: string }
/** What an action's button, its confirmation and its warning for the current session say. */
type Words = Record<'label' | 'named' | 'title' | 'text' | 'currentWarning', MessageDescriptor>

const renew: Words = defineMessages({
  label: { id: 'tokens.renew', defaultMessage: 'Renew' },
  named: { id: 'tokens.renewNamed', defaultMessage: 'Renew {name}' },
  title: { id: 'tokens.renewTitle', defaultMessage: 'Renew {name}?' },
  text: {
    id: 'tokens.renewText',
    defaultMessage:
      'The token works until the end of the chosen day. Without a date it works for 24 hours from now, or until its current date if that is later.',
  },
  currentWarning: {
    id: 'tokens.currentRenewWarning',
    defaultMessage: 'You are signed in with this token. The console keeps working only until its new date.',
  },
})
const revoke: Words = defineMessages({
  label: { id: 'tokens.revoke', defaultMessage: 'Revoke' },
  named: { id: 'tokens.revokeNamed', defaultMessage: 'Revoke {name}' },
  title: { id: 'tokens.revokeTitle', defaultMessage: 'Revoke {name}?' },
  text: { id: 'tokens.revokeText', defaultMessage: 'The token stops working at once and cannot be renewed.' },
  currentWarning: {
    id: 'tokens.currentEndWarning',
    defaultMessage:
      'You are signed in with this token. This session ends with it, and you must sign in again.',
  },
})
const remove: Words = {
  ...defineMessages({
    label: { id: 'tokens.remove', defaultMessage: 'Remove' },
    named: { id: 'tokens.removeNamed', defaultMessage: 'Remove {name}' },
    title: { id: 'tokens.removeTitle', defaultMessage: 'Remove {name}?' },
    text: { id: 'tokens.removeText', defaultMessage: 'The token is deleted from the platform.' },
  }),
  currentWarning: revoke.currentWarning,
}

/** A token's actions, in the order of their buttons: words, look, when offered, and the call. */
const ACTIONS = {
  renew: {
    messages: renew,
    danger: false,
    variant: 'secondary',
    forRevoked: false,
    send: (userId: string, id: string, expirationDate: string | undefined, key: string) =>
      renewToken(userId, id, expirationDate, key),
  },
  revoke: {
    messages: revoke,
    danger: true,
    variant: 'secondary',
    forRevoked: false,
    send: (userId: string, id: string, _date: string | undefined, key: string) =>
      revokeToken(userId, id, key),
  },
  remove: {
    messages: remove,
    danger: true,
    variant: 'danger',
    forRevoked: true,
    send: (userId: string, id: string, _date: string | undefined, key: string) =>
      removeToken(userId, id, key),
  },
} as const satisfies Record<
  string,
  {
    messages: Words
    danger: boolean
    variant: 'secondary' | 'danger'
    forRevoked: boolean
    send: (userId: string, id: string, date: string | undefined, key: string) => Promise<ApiResult<unknown>>
  }
>
type Action = keyof typeof ACTIONS
const ACTION_ORDER = Object.keys(ACTIONS) as Action[]

/** Whether this token is the one the console is signed in with (a developer login). */
function isCurrentSession(token: AccessToken, sessionToken: string | undefined) {
  return (
    sessionToken !== undefined &&
    sessionToken.length > 8 &&
    token.shortValue === `${sessionToken.slice(0, 4)}…${sessionToken.slice(-4)}`
  )
}

/** The offered renewal: 30 days past the later of today and the current expiration. */
function renewalDefault(token: AccessToken): string {
  const from = Math.max(Date.now(), token.expirationDate ? Date.parse(token.expirationDate) : 0)
  return dayString(new Date(from + 30 * 86_400_000))
}

/** Personal access tokens: generate, renew, revoke, remove; all online only, each confirmed. */
export function TokensSection({ userId }: { userId: string }) {
  const intl = useIntl()
  const dateId = useId()
  const session = useSession()
  const sessionToken = session?.kind === 'developer' ? session.token : undefined
  const tokens = useQuery(tokensQuery(userId))
  const [created, setCreated] = useState<AccessToken>()
  const [notice, setNotice] = useState<Notice>()
  const dialog = useDialogState<{ action: Action; token: AccessToken }>()
  const confirm = dialog.value
  const [renewTo, setRenewTo] = useState('')
  const write = useOnlineWrite(
    (
      input: { action: Action; id: string; expirationDate?: string },
      key: string,
    ): Promise<ApiResult<unknown>> => ACTIONS[input.action].send(userId, input.id, input.expirationDate, key),
  )

  const open = (action: Action, token: AccessToken) => {
    write.clearError()
    setNotice(undefined)
    if (action === 'renew') setRenewTo(renewalDefault(token))
    dialog.open({ action, token })
  }

  const run = async () => {
    if (!confirm) return
    const { action, token } = confirm
    const result = await write.run({
      action,
      id: token.id,
      expirationDate: action === 'renew' && renewTo ? endOfDay(renewTo) : undefined,
    })
    // The dialog closes, and the notice shows, only on the platform's acceptance.
    if (!result || result.error !== undefined) return
    dialog.close()
    if (action === 'renew')
      setNotice({
        tone: 'success',
        text: intl.formatMessage({ id: 'tokens.refreshed', defaultMessage: 'Token refreshed successfully' }),
      })
    if (created?.id === token.id && action !== 'renew') setCreated(undefined)
  }
  const dateProblem = confirm?.action === 'renew' ? expirationProblem(intl, write.issues) : undefined
  const current = confirm ? isCurrentSession(confirm.token, sessionToken) : false

  const columns: Column<AccessToken>[] = [
    {
      id: 'name',
      header: <FormattedMessage id="tokens.name" defaultMessage="Name" />,
      cell: (token) => (
        <>
          <span className="font-medium">{token.name}</span>
          {isCurrentSession(token, sessionToken) && (
            <span className="ml-2 inline-block rounded bg-green-50 px-1.5 py-0.5 text-xs [overflow-wrap:normal] text-green-900">
              <FormattedMessage id="tokens.currentSession" defaultMessage="This session" />
            </span>
          )}
          {token.kind === 'developer' && (
            <span className="ml-2 inline-block rounded bg-amber-50 px-1.5 py-0.5 text-xs [overflow-wrap:normal] text-amber-900">
              <FormattedMessage id="tokens.developer" defaultMessage="Developer login" />
            </span>
          )}
          <span className="ml-2 inline-block rounded bg-primary-50 px-1.5 py-0.5 text-xs [overflow-wrap:normal] text-primary-900">
            {token.primary ? (
              <FormattedMessage id="tokens.primary" defaultMessage="Primary" />
            ) : (
              <FormattedMessage id="tokens.secondary" defaultMessage="Secondary" />
            )}
          </span>
        </>
      ),
    },
    {
      id: 'value',
      stackInline: true,
      // Nine characters (abcd…wxyz): never split.
      className: 'font-mono whitespace-nowrap',
      header: <FormattedMessage id="tokens.value" defaultMessage="Token" />,
      cell: (token) => token.shortValue,
    },
    {
      id: 'status',
      stackInline: true,
      header: <FormattedMessage id="tokens.status" defaultMessage="Status" />,
      cell: (token) => <StatusBadge status={token.status} />,
    },
    {
      id: 'expires',
      stackLabel: true,
      testId: 'token-expires',
      className: 'md:whitespace-nowrap',
      header: <FormattedMessage id="tokens.expires" defaultMessage="Expires" />,
      cell: (token) =>
        token.expirationDate ? (
          <FormattedDate value={token.expirationDate} dateStyle="medium" timeStyle="short" />
        ) : (
          '—'
        ),
    },
  ]

  return (
    <section aria-labelledby="tokens-title" className="rounded-lg bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id="tokens-title" className="flex-auto text-lg font-semibold text-gray-900">
          <FormattedMessage id="tokens.title" defaultMessage="Personal access tokens" />
        </h2>
        <FetchedAt
          updatedAt={tokens.dataUpdatedAt}
          fetching={tokens.isFetching}
          failed={tokens.isError}
          onRetry={() => void tokens.refetch()}
        />
      </div>
      <div className="space-y-3">
        {created?.fullValue && (
          <NewTokenValue
            token={created}
            onDone={() => {
              setCreated(undefined)
              // The panel goes: focus goes to the new token's row in the list, not to the page.
              document
                .querySelector<HTMLElement>(`[data-row-key="${CSS.escape(created.id)}"] button`)
                ?.focus()
            }}
          />
        )}
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {tokens.isError && !tokens.data && (
          <ErrorNotice error={tokens.error} onRetry={() => void tokens.refetch()} />
        )}
        {/* Under md the rows stack as cards: a phone shows every action without scrolling sideways. */}
        <DataTable
          caption={<FormattedMessage id="tokens.title" defaultMessage="Personal access tokens" />}
          columns={columns}
          rows={tokens.data ?? []}
          rowKey={(token) => token.id}
          rowTestId="token-row"
          rowClassName="align-top"
          stack
          dense
          card={false}
          empty={
            tokens.isPending ? null : (
              <p className="py-2 text-center text-gray-600">
                <FormattedMessage id="tokens.none" defaultMessage="No tokens yet" />
              </p>
            )
          }
          actions={(token) => (
            <>
              {/* Renew, then the destructive ones apart from it. */}
              <div className="flex flex-wrap gap-x-6 gap-y-6">
                {ACTION_ORDER.filter(
                  (action) => token.status !== 'revoked' || ACTIONS[action].forRevoked,
                ).map((action) => (
                  <OnlineOnlyButton
                    key={action}
                    variant={ACTIONS[action].variant}
                    className="px-2 py-1"
                    disabled={write.busy}
                    onClick={() => open(action, token)}
                    data-destructive={ACTIONS[action].danger || undefined}
                    aria-label={intl.formatMessage(ACTIONS[action].messages.named, { name: token.name })}
                  >
                    {intl.formatMessage(ACTIONS[action].messages.label)}
                  </OnlineOnlyButton>
                ))}
              </div>
            </>
          )}
        />
        <GenerateTokenForm userId={userId} onCreated={setCreated} />
      </div>
      <OnDemand part={confirmDialog} asked={confirm !== undefined} onClose={dialog.close}>
        {(ConfirmDialog) => (
          <ConfirmDialog
            open={confirm !== undefined}
            danger={confirm ? ACTIONS[confirm.action].danger : false}
            busy={write.busy}
            error={dateProblem ? undefined : write.error}
            title={
              confirm &&
              intl.formatMessage(ACTIONS[confirm.action].messages.title, { name: confirm.token.name })
            }
            description={confirm && intl.formatMessage(ACTIONS[confirm.action].messages.text)}
            confirmLabel={confirm && intl.formatMessage(ACTIONS[confirm.action].messages.label)}
            onCancel={() => {
              if (!write.busy) dialog.close()
            }}
            onConfirm={() => void run()}
          >
            {current && (
              <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {confirm && intl.formatMessage(ACTIONS[confirm.action].messages.currentWarning)}
              </p>
            )}
            {confirm?.action === 'renew' && (
              <div className="mt-4">
                <label htmlFor={dateId} className="mb-1 block text-sm font-medium text-gray-800">
                  <FormattedMessage id="tokens.expirationDate" defaultMessage="Expiration date" />
                </label>
                <LocaleDateInput
                  id={dateId}
                  value={renewTo}
                  onChange={setRenewTo}
                  aria-invalid={dateProblem !== undefined || undefined}
                  aria-describedby={dateProblem ? `${dateId}-error` : undefined}
                  className={inputClass}
                />
                {dateProblem && (
                  <p id={`${dateId}-error`} className="mt-1 text-sm text-red-700">
                    {dateProblem}
                  </p>
                )}
              </div>
            )}
          </ConfirmDialog>
        )}
      </OnDemand>
    </section>
  )
}
