import { FormattedMessage } from 'react-intl'

/** The "waiting to sync" mark on rows and details with queued changes. */
export function PendingBadge({ status }: { status?: 'pending' | 'sending' | 'conflict' | 'failed' }) {
  if (!status) return null
  const problem = status === 'conflict' || status === 'failed'
  return (
    <span
      className={`ml-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold [overflow-wrap:normal] ${problem ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}
    >
      {problem ? (
        <FormattedMessage id="pending.problem" defaultMessage="Not synced: see sync centre" />
      ) : (
        <FormattedMessage id="pending.waiting" defaultMessage="Waiting to sync" />
      )}
    </span>
  )
}
