import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { isProviderError } from '../../auth/oidc'
import { takeReturnPath } from '../../auth/return-to'
import { completeOidcLogin } from '../../auth/sign-in'
import { Button } from '../../ui/button'
import { Dialog, DialogDescription, DialogTitle } from '../../ui/dialog'

const GIVE_UP_MS = 20_000
const REDIRECT_AFTER_MS = 5_000

/** The sign-in callback: finishes the code flow, or says it was interrupted and goes back to /login. */
export function RedirectScreen() {
  const navigate = useNavigate()
  const [state, setState] = useState<'working' | 'timeout'>('working')
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const url = new URL(location.href)
    // The code and state have done their work: keep them out of history.
    history.replaceState(history.state, '', '/redirect')
    const giveUp = setTimeout(() => setState('timeout'), GIVE_UP_MS)
    completeOidcLogin(url)
      .then(() => navigate({ to: takeReturnPath(), replace: true }))
      .catch((error: unknown) => {
        if (isProviderError(error))
          void navigate({ to: '/login', search: { failed: 1, reason: 'refused' }, replace: true })
        else setState('timeout')
      })
      .finally(() => clearTimeout(giveUp))
  }, [navigate])

  useEffect(() => {
    if (state !== 'timeout') return
    const timer = setTimeout(() => void navigate({ to: '/login', replace: true }), REDIRECT_AFTER_MS)
    return () => clearTimeout(timer)
  }, [state, navigate])

  return (
    <div className="py-16 text-center" aria-busy={state === 'working'}>
      <p className="text-gray-700">
        <FormattedMessage id="redirect.working" defaultMessage="Signing in…" />
      </p>
      <Dialog open={state === 'timeout'} className="w-[min(28rem,90vw)]">
        <DialogTitle>
          <FormattedMessage id="redirect.timeoutTitle" defaultMessage="Timeout" />
        </DialogTitle>
        <DialogDescription className="mt-2 text-gray-700">
          <FormattedMessage
            id="redirect.timeoutText"
            defaultMessage="Authentication was interrupted. You will be redirected to login."
          />
        </DialogDescription>
        <div className="mt-4 text-right">
          <Button onClick={() => void navigate({ to: '/login', replace: true })}>
            <FormattedMessage id="redirect.toLogin" defaultMessage="OK" />
          </Button>
        </div>
      </Dialog>
    </div>
  )
}
