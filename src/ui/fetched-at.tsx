import { FormattedMessage, FormattedTime } from 'react-intl'

/** When the shown data was fetched: visible so cached data offline is never mistaken for live. */
export function FetchedAt({ updatedAt, fetching }: { updatedAt: number; fetching: boolean }) {
  if (!updatedAt) return null
  return (
    <p className="text-xs text-gray-600" aria-live="polite">
      {fetching ? (
        <FormattedMessage id="data.refreshing" defaultMessage="Refreshing…" />
      ) : (
        <FormattedMessage
          id="data.fetchedAt"
          defaultMessage="Fetched at {time}"
          values={{ time: <FormattedTime value={updatedAt} hour="2-digit" minute="2-digit" /> }}
        />
      )}
    </p>
  )
}
