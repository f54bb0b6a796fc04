import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { FormattedDate, FormattedMessage, FormattedTime } from 'react-intl'
import { useOfflineSince, useOnline } from '../core/online'
import { useSession } from '../core/session'
import { afterFirstScreen } from '../outbox/lazy-db'
import { useWaitingCount } from '../outbox/use-outbox'
import { DeferredNoOfflineCopyBadge } from './deferred-pwa'

/** Since when, as a time today or a date and time before. */
function Since({ at }: { at: number }) {
  const today = new Date(at).toDateString() === new Date().toDateString()
  return today ? (
    <FormattedTime value={at} hour="2-digit" minute="2-digit" />
  ) : (
    <FormattedDate value={at} month="short" day="numeric" hour="2-digit" minute="2-digit" />
  )
}

/**
 * Online or offline, and how many changes wait to be sent (links to the sync centre). Offline is said
 * in words on every screen width, with since when; online is a green dot on a phone.
 */
export function ConnectionStatus() {
  const online = useOnline()
  const since = useOfflineSince()
  const session = useSession()
  const waiting = useWaitingCount()
  // The app's badge: changes waiting here, plus the failures not yet looked at (the home screen counts
  // them, the worker adds pushed ones, and opening their list marks them seen). Its code comes once
  // the first screen is shown: the first screen does not wait for it.
  // A visitor has none: a sign-out clears it (auth/logout.ts), and a visitor's screens load nothing for it.
  const signedIn = session !== null
  useEffect(() => {
    if (!signedIn) return
    void afterFirstScreen()
      .then(() => import('../pwa/app-badge'))
      .then(({ updateAppBadge }) => updateAppBadge({ waiting }))
      .catch(() => undefined)
  }, [waiting, signedIn])
  return (
    <div className="flex items-center gap-2 text-sm">
      <span
        role="status"
        className={`inline-flex items-center gap-1 rounded-full px-2 py-1 font-medium ${online ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
      >
        <span
          aria-hidden="true"
          className={`h-2 w-2 rounded-full ${online ? 'bg-green-600' : 'bg-amber-600'}`}
        />
        {online ? (
          <span className="sr-only sm:not-sr-only">
            <FormattedMessage id="status.online" defaultMessage="Online" />
          </span>
        ) : (
          <span
            className="flex flex-col leading-tight [overflow-wrap:normal] sm:flex-row sm:gap-1 sm:whitespace-nowrap"
            data-testid="offline-status"
          >
            <span>
              <FormattedMessage id="status.offline" defaultMessage="Offline" />
            </span>
            {since !== undefined && (
              <span className="text-[11px] font-normal sm:text-sm">
                <span className="sr-only"> </span>
                <FormattedMessage
                  id="status.offlineSince"
                  defaultMessage="since {time}"
                  values={{ time: <Since at={since} /> }}
                />
              </span>
            )}
          </span>
        )}
      </span>
      <DeferredNoOfflineCopyBadge />
      {session && waiting > 0 && (
        <Link
          to="/outbox"
          className="rounded-full bg-primary-100 px-2 py-1 font-medium whitespace-nowrap text-primary-900 hover:bg-primary-200"
        >
          <span aria-hidden="true" className="sm:hidden">
            ⇅ {waiting}
          </span>
          <span className="sr-only sm:not-sr-only">
            <FormattedMessage
              id="status.waiting"
              defaultMessage="{count, plural, one {# change waits} other {# changes wait}}"
              values={{ count: waiting }}
            />
          </span>
        </Link>
      )}
    </div>
  )
}
