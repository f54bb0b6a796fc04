import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { ErrorNotice } from './error-notice'

/** What a screen needs of a query to tell loading, empty, failed and cached-while-failing apart. */
export interface QueryLike {
  isPending: boolean
  isError: boolean
  error: unknown
  data?: unknown
  refetch: () => unknown
}

const noAnswer = (error: unknown) => {
  const e = error as { kind?: string; status?: number } | null
  return e?.kind === 'offline' || e?.kind === 'timeout' || e?.status === 0 || error instanceof TypeError
}

/**
 * The one place a list or panel says where its data stands: loading, failed (with a retry),
 * or empty. With data shown (also cached data offline) it says nothing: FetchedAt tells its age.
 */
export function QueryState({
  query,
  empty,
  emptyText,
  inline = false,
}: {
  query: QueryLike
  /** The answer came and holds nothing. */
  empty: boolean
  emptyText?: ReactNode
  /** A short line in a table cell or card instead of a block. */
  inline?: boolean
}) {
  if (query.data === undefined && query.isError)
    return (
      <ErrorNotice
        error={query.error}
        onRetry={() => void query.refetch()}
        headline={
          noAnswer(query.error) ? (
            <FormattedMessage
              id="data.unavailable"
              defaultMessage="No connection and nothing saved on this device yet."
            />
          ) : undefined
        }
      />
    )
  if (query.data === undefined || query.isPending)
    return (
      <p role="status" className={inline ? 'text-gray-600' : 'py-4 text-center text-gray-600'}>
        <FormattedMessage id="common.loading" defaultMessage="Loading…" />
      </p>
    )
  if (empty)
    return (
      <p className={inline ? 'text-gray-600' : 'py-4 text-center text-gray-600'}>
        {emptyText ?? <FormattedMessage id="common.noRows" defaultMessage="Nothing to show" />}
      </p>
    )
  return null
}
