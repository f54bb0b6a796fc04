import { Link } from '@tanstack/react-router'
import { FormattedMessage } from 'react-intl'
import { useSession } from '../auth/session'
import { useOnline } from '../offline/online'
import { useWaitingCount } from '../offline/use-outbox'
import { NoOfflineCopyBadge } from './no-offline-copy'

/** Online or offline, and how many changes wait to be sent (links to the sync centre). */
export function ConnectionStatus() {
  const online = useOnline()
  const session = useSession()
  const waiting = useWaitingCount()
  return (
    <div className="flex shrink-0 items-center gap-2 text-sm">
      <span
        role="status"
        className={`inline-flex items-center gap-1 rounded-full px-2 py-1 font-medium ${online ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
      >
        <span
          aria-hidden="true"
          className={`h-2 w-2 rounded-full ${online ? 'bg-green-600' : 'bg-amber-600'}`}
        />
        <span className="sr-only sm:not-sr-only">
          {online ? (
            <FormattedMessage id="status.online" defaultMessage="Online" />
          ) : (
            <FormattedMessage id="status.offline" defaultMessage="Offline" />
          )}
        </span>
      </span>
      <NoOfflineCopyBadge />
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
