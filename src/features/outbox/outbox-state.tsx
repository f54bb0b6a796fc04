import { FormattedMessage } from 'react-intl'
import type { OutboxStatus } from '../../outbox/db'

const tones: Record<OutboxStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sending: 'bg-blue-100 text-blue-900',
  conflict: 'bg-red-100 text-red-900',
  failed: 'bg-red-100 text-red-900',
}

export function OutboxState({ status }: { status: OutboxStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[status]}`}>
      <FormattedMessage
        id="outbox.state"
        defaultMessage="{status, select, pending {Waiting to sync} sending {Sending} conflict {Conflict} other {Failed}}"
        values={{ status }}
      />
    </span>
  )
}
