import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { takeReturnPath } from '../../auth/return-to'
import { SignInThrottledError, signInWithDeveloperToken } from '../../auth/sign-in'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import { SessionEndedNotice } from './session-ended-notice'

export function LoginScreen({ failed = false }: { failed?: boolean }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const tokenId = useId()
  const [token, setToken] = useState('')
  const [error, setError] = useState(failed)
  /** Minutes to wait after too many failed sign-ins (the platform's 429). */
  const [waitMinutes, setWaitMinutes] = useState(0)
  const [busy, setBusy] = useState<'oidc' | 'token' | null>(null)

  const signIn = async () => {
    setBusy('oidc')
    setError(false)
    try {
      // The OIDC client loads on demand: the login screen's first load stays small.
      const { startLogin } = await import('../../auth/oidc')
      await startLogin(intl.locale)
    } catch {
      setError(true)
      setBusy(null)
    }
  }

  const signInWithToken = async (event: FormEvent) => {
    event.preventDefault()
    setBusy('token')
    setError(false)
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
