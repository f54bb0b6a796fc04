import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl'
import type { SignInFailure } from '../../auth/oidc'
import { takeReturnPath } from '../../auth/return-to'
import { SignInThrottledError, signInWithDeveloperToken } from '../../auth/sign-in'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import { SessionEndedNotice } from './session-ended-notice'

const reasons = defineMessages({
  unreachable: {
    id: 'login.reason.unreachable',
    defaultMessage: 'The sign-in service could not be reached. Check the connection and try again.',
  },
  issuer: {
    id: 'login.reason.issuer',
    defaultMessage:
      'The sign-in service does not answer for this address ({origin}). Open the console at the address it was set up for.',
  },
  insecure: {
    id: 'login.reason.insecure',
    defaultMessage:
      'Sign-in needs a secure connection: open the console over https, or at localhost on this machine.',
  },
  refused: {
    id: 'login.reason.refused',
    defaultMessage: 'The sign-in service refused the sign-in. Try again.',
  },
  other: {
    id: 'login.reason.other',
    defaultMessage: 'The sign-in could not be completed. Try again.',
  },
})

export function LoginScreen({
  failed = false,
  reason: given,
  stay = false,
}: {
  failed?: boolean
  reason?: SignInFailure
  stay?: boolean
}) {
  const intl = useIntl()
  const navigate = useNavigate()
  const tokenId = useId()
  const [token, setToken] = useState('')
  const [error, setError] = useState(failed)
  const [reason, setReason] = useState<SignInFailure | undefined>(given)
  /** Minutes to wait after too many failed sign-ins (the platform's 429). */
  const [waitMinutes, setWaitMinutes] = useState(0)
  const [busy, setBusy] = useState<'oidc' | 'token' | null>(null)

  const signIn = async () => {
    setBusy('oidc')
    setError(false)
    setReason(undefined)
    // The OIDC client loads on demand: the login screen's first load stays small.
    const oidc = await import('../../auth/oidc').catch(() => undefined)
    try {
      if (!oidc) throw new TypeError('The sign-in module could not be loaded')
      await oidc.startLogin(intl.locale)
    } catch (cause) {
      setError(true)
      setReason(oidc ? oidc.signInFailure(cause) : 'unreachable')
      setBusy(null)
    }
  }
  // Sign-out declined at the provider: its session is still there, so signing in needs no password.
  const stayed = useRef(false)
  useEffect(() => {
    if (!stay || stayed.current) return
    stayed.current = true
    void signIn()
  })

  const signInWithToken = async (event: FormEvent) => {
    event.preventDefault()
    setBusy('token')
    setError(false)
    setReason(undefined)
    setWaitMinutes(0)
    try {
      await signInWithDeveloperToken(token)
      await navigate({ to: takeReturnPath() })
    } catch (cause) {
      if (cause instanceof SignInThrottledError) setWaitMinutes(Math.ceil(cause.seconds / 60))
      else setError(true)
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={<FormattedMessage id="page.login" defaultMessage="Login" />} />
      <SessionEndedNotice />
      {error && (
        <div className="mb-4">
          <Alert>
            <FormattedMessage id="login.failed" defaultMessage="Login failed!" />
            {reason && (
              <span className="mt-1 block" data-testid="login-reason">
                {intl.formatMessage(reasons[reason] as MessageDescriptor, { origin: location.origin })}
              </span>
            )}
          </Alert>
        </div>
      )}
      {waitMinutes > 0 && (
        <div className="mb-4">
          <Alert>
            <FormattedMessage
              id="login.throttled"
              defaultMessage="Too many failed sign-ins. Try again in {minutes, plural, one {# minute} other {# minutes}}."
              values={{ minutes: waitMinutes }}
            />
          </Alert>
        </div>
      )}
      <section className="rounded-lg bg-white p-6 shadow-sm">
        <p className="mb-4 text-sm text-gray-700">
          <FormattedMessage id="login.intro" defaultMessage="Sign in with your organization account." />
        </p>
        <Button onClick={() => void signIn()} disabled={busy !== null} className="w-full">
          <FormattedMessage id="login.signIn" defaultMessage="Sign in" />
        </Button>
      </section>
      <form onSubmit={(e) => void signInWithToken(e)} className="mt-6 rounded-lg bg-white p-6 shadow-sm">
        <h2 className="mb-3 text-lg font-semibold">
          <FormattedMessage id="login.developer" defaultMessage="Developer login" />
        </h2>
        <label htmlFor={tokenId} className="mb-1 block text-sm font-medium">
          <FormattedMessage id="login.tokenLabel" defaultMessage="Access token" />
        </label>
        <input
          id={tokenId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={token}
          onChange={(e) => setToken(e.target.value)}
          className="mb-3 w-full rounded-md border border-gray-300 px-3 py-2"
          placeholder={intl.formatMessage({
            id: 'login.tokenPlaceholder',
            defaultMessage: 'Paste your access token',
          })}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={busy !== null || token.trim() === ''}
          className="w-full"
        >
          <FormattedMessage id="login.withToken" defaultMessage="Sign in with token" />
        </Button>
      </form>
    </div>
  )
}
