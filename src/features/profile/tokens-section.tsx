import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { type ApiError, apiError } from '../../api/http'
import { removeToken, renewToken, revokeToken, tokensQuery } from '../../api/tokens'
import type { AccessToken } from '../../contract/token'
import { Alert } from '../../ui/alert'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { ErrorNotice } from '../../ui/error-notice'
import { FetchedAt } from '../../ui/fetched-at'
import { OnlineOnlyButton } from '../../ui/online-only-button'
import { StatusBadge } from '../../ui/status-badge'
import { GenerateTokenForm } from './generate-token-form'
import { NewTokenValue } from './new-token-value'

type Notice =
  | { tone: 'success'; text: string; failure?: undefined }
  | { tone: 'error'; text?: undefined; failure: ApiError }

/** Personal access tokens (SPEC §4): generate, renew, revoke, remove; all online only. */
export function TokensSection({ userId }: { userId: string }) {
  const intl = useIntl()
  const tokens = useQuery(tokensQuery(userId))
  const [created, setCreated] = useState<AccessToken>()
  const [notice, setNotice] = useState<Notice>()
  const [confirm, setConfirm] = useState<{ action: 'revoke' | 'remove'; token: AccessToken }>()
  const [busy, setBusy] = useState<string>()

  const run = async (token: AccessToken, action: 'renew' | 'revoke' | 'remove') => {
    setBusy(token.id)
    setNotice(undefined)
    const result =
      action === 'renew'
        ? await renewToken(userId, token.id)
        : action === 'revoke'
          ? await revokeToken(userId, token.id)
          : await removeToken(userId, token.id)
    setBusy(undefined)
    if (result.error !== undefined) setNotice({ tone: 'error', failure: apiError(result) })
    else if (action === 'renew')
      setNotice({
        tone: 'success',
        text: intl.formatMessage({ id: 'tokens.refreshed', defaultMessage: 'Token refreshed successfully' }),
      })
    if (created?.id === token.id && action !== 'renew') setCreated(undefined)
  }

  return (
    <section aria-labelledby="tokens-title" className="rounded-lg bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id="tokens-title" className="flex-1 text-lg font-semibold text-gray-900">
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
        {created?.fullValue && <NewTokenValue token={created} onDone={() => setCreated(undefined)} />}
        {notice?.failure && <ErrorNotice error={notice.failure} />}
        {notice && !notice.failure && <Alert tone={notice.tone}>{notice.text}</Alert>}
        {tokens.isError && !tokens.data && (
          <ErrorNotice error={tokens.error} onRetry={() => void tokens.refetch()} />
        )}
        <div>
          {/* Under md the rows stack as cards: a phone shows every action without scrolling sideways. */}
          <table className="block w-full text-left text-sm md:table">
            <caption className="sr-only">
              <FormattedMessage id="tokens.title" defaultMessage="Personal access tokens" />
            </caption>
            <thead className="hidden border-b bg-gray-50 text-gray-700 md:table-header-group">
              <tr>
                <th scope="col" className="px-3 py-2">
                  <FormattedMessage id="tokens.name" defaultMessage="Name" />
                </th>
                <th scope="col" className="px-3 py-2">
                  <FormattedMessage id="tokens.value" defaultMessage="Token" />
                </th>
                <th scope="col" className="px-3 py-2">
                  <FormattedMessage id="tokens.status" defaultMessage="Status" />
                </th>
                <th scope="col" className="px-3 py-2">
                  <FormattedMessage id="tokens.expires" defaultMessage="Expires" />
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">
                    <FormattedMessage id="common.actions" defaultMessage="Actions" />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody className="block md:table-row-group">
              {(tokens.data ?? []).length === 0 && !tokens.isPending && (
                <tr>
                  <td colSpan={5} className="px-3 py-4 text-center text-gray-600">
                    <FormattedMessage id="tokens.none" defaultMessage="No tokens yet" />
                  </td>
                </tr>
              )}
              {(tokens.data ?? []).map((token) => (
                <tr
                  key={token.id}
                  className="block border-b border-gray-200 py-2 align-top last:border-0 md:table-row md:py-0"
                  data-testid="token-row"
                >
                  <td className="block px-3 py-1 md:table-cell md:py-2">
                    <span className="font-medium">{token.name}</span>
                    {token.kind === 'developer' && (
                      <span className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-900">
                        <FormattedMessage id="tokens.developer" defaultMessage="Developer login" />
                      </span>
                    )}
                    <span className="ml-2 rounded bg-primary-50 px-1.5 py-0.5 text-xs text-primary-900">
                      {token.primary ? (
                        <FormattedMessage id="tokens.primary" defaultMessage="Primary" />
                      ) : (
                        <FormattedMessage id="tokens.secondary" defaultMessage="Secondary" />
                      )}
                    </span>
                  </td>
                  <td className="inline-block px-3 py-1 font-mono md:table-cell md:py-2">
                    {token.shortValue}
                  </td>
                  <td className="inline-block px-3 py-1 md:table-cell md:py-2">
                    <StatusBadge status={token.status} />
                  </td>
                  <td
                    className="block px-3 py-1 md:table-cell md:py-2 md:whitespace-nowrap"
                    data-testid="token-expires"
                  >
                    <span className="md:hidden">
                      <FormattedMessage id="tokens.expires" defaultMessage="Expires" />:{' '}
                    </span>
                    {token.expirationDate ? (
                      <FormattedDate value={token.expirationDate} dateStyle="medium" timeStyle="short" />
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="block px-3 py-1 md:table-cell md:py-2">
                    {/* Renew, then the destructive ones apart from it. */}
                    <div className="flex flex-wrap gap-x-6 gap-y-6">
                      {token.status !== 'revoked' && (
                        <OnlineOnlyButton
                          variant="secondary"
                          className="px-2 py-1"
                          disabled={busy === token.id}
                          onClick={() => void run(token, 'renew')}
                          aria-label={intl.formatMessage(
                            { id: 'tokens.renewNamed', defaultMessage: 'Renew {name}' },
                            { name: token.name },
                          )}
                        >
                          <FormattedMessage id="tokens.renew" defaultMessage="Renew" />
                        </OnlineOnlyButton>
                      )}
                      {token.status !== 'revoked' && (
                        <OnlineOnlyButton
                          variant="secondary"
                          className="px-2 py-1"
                          disabled={busy === token.id}
                          onClick={() => setConfirm({ action: 'revoke', token })}
                          data-destructive
                          aria-label={intl.formatMessage(
                            { id: 'tokens.revokeNamed', defaultMessage: 'Revoke {name}' },
                            { name: token.name },
                          )}
                        >
                          <FormattedMessage id="tokens.revoke" defaultMessage="Revoke" />
                        </OnlineOnlyButton>
                      )}
                      <OnlineOnlyButton
                        variant="danger"
                        className="px-2 py-1"
                        disabled={busy === token.id}
                        onClick={() => setConfirm({ action: 'remove', token })}
                        data-destructive
                        aria-label={intl.formatMessage(
                          { id: 'tokens.removeNamed', defaultMessage: 'Remove {name}' },
                          { name: token.name },
                        )}
                      >
                        <FormattedMessage id="tokens.remove" defaultMessage="Remove" />
                      </OnlineOnlyButton>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <GenerateTokenForm userId={userId} onCreated={setCreated} />
      </div>
      <ConfirmDialog
        open={confirm !== undefined}
        danger
        title={
          confirm?.action === 'revoke' ? (
            <FormattedMessage
              id="tokens.revokeTitle"
              defaultMessage="Revoke {name}?"
              values={{ name: confirm.token.name }}
            />
          ) : (
            <FormattedMessage
              id="tokens.removeTitle"
              defaultMessage="Remove {name}?"
              values={{ name: confirm?.token.name }}
            />
          )
        }
        description={
          confirm?.action === 'revoke' ? (
            <FormattedMessage
              id="tokens.revokeText"
              defaultMessage="The token stops working at once and cannot be renewed."
            />
          ) : (
            <FormattedMessage
              id="tokens.removeText"
              defaultMessage="The token is deleted from the platform."
            />
          )
        }
        confirmLabel={
          confirm?.action === 'revoke' ? (
            <FormattedMessage id="tokens.revoke" defaultMessage="Revoke" />
          ) : (
            <FormattedMessage id="tokens.remove" defaultMessage="Remove" />
          )
        }
        onCancel={() => setConfirm(undefined)}
        onConfirm={() => {
          if (confirm) void run(confirm.token, confirm.action)
          setConfirm(undefined)
        }}
      />
    </section>
  )
}
