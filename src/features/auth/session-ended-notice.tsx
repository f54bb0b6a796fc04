import { FormattedMessage } from 'react-intl'
import { sessionEndedOn } from '../../auth/return-to'
import { Alert } from '../../ui/alert'

/** On the sign-in page after the platform refused the session: why, and where signing in returns. */
export function SessionEndedNotice() {
  const path = sessionEndedOn()
  if (!path) return null
  return (
    <div className="mb-4" data-testid="session-ended">
      <Alert tone="info">
        <FormattedMessage
          id="login.sessionEnded"
          defaultMessage="Your session ended: the platform no longer accepted your sign-in (it expired or was revoked). Sign in again to return to {path}."
          values={{ path: <span className="font-mono break-all">{path}</span> }}
        />
      </Alert>
    </div>
  )
}
