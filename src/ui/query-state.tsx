import type { ReactNode } from 'react'
import { defineMessages, FormattedMessage } from 'react-intl'
import { fieldsOf } from '../contract/reading'
import { Alert } from './alert'
import { LazyErrorNotice as ErrorNotice } from './error-notice-lazy'
import { FetchedAt } from './fetched-at'

/** What a screen needs of a query to tell loading, empty, failed and cached-while-failing apart. */
export interface QueryLike {
  isPending: boolean
  isError: boolean
  error: unknown
  data?: unknown
  refetch: () => unknown
  /** 'paused': the read waits for a connection (nothing was asked). */
  fetchStatus?: string
}

/** The read got no answer (offline, timed out), as opposed to an answer that refused or failed. */
export const noAnswer = (error: unknown) => {
  const { kind, status } = fieldsOf(error)
  return kind === 'offline' || kind === 'timeout' || status === 0 || error instanceof TypeError
}

/** Why a figure (a count) is not shown yet, and what it says instead. */
export type FigureGap = 'unavailable' | 'failed' | 'loading'
export const FIGURE_GAP_TEXT = defineMessages({
  unavailable: {
    id: 'data.unavailable',
    defaultMessage: 'No connection and nothing saved on this device yet.',
  },
  failed: { id: 'home.countFailed', defaultMessage: 'Could not be counted' },
  loading: { id: 'common.loading', defaultMessage: 'Loading…' },
})

/**
 * Waiting for a connection and asked without an answer are one case: which of them it is depends
 * only on whether the browser knew it was offline before the read was sent.
 */
export function figureGap(
  query: { isError: boolean; error: unknown; fetchStatus: 'fetching' | 'paused' | 'idle' } | undefined,
): FigureGap {
  if (query?.fetchStatus === 'paused' || (query?.isError && noAnswer(query.error))) return 'unavailable'
  return query?.isError ? 'failed' : 'loading'
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
  if (query.data === undefined && (query.isError || query.fetchStatus === 'paused'))
    return <Unavailable query={query} />
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

/** Nothing to show: the read failed, or waits offline with nothing saved; a retry is offered. */
function Unavailable({ query }: { query: QueryLike }) {
  return (
    <ErrorNotice
      error={query.error ?? { kind: 'offline' }}
      onRetry={() => void query.refetch()}
      headline={
        !query.isError || noAnswer(query.error) ? (
          <FormattedMessage
            id="data.unavailable"
            defaultMessage="No connection and nothing saved on this device yet."
          />
        ) : undefined
      }
    />
  )
}

/**
 * Where one entity of a detail or edit screen stands: when it was fetched (not for one created on
 * this device and not yet sent), then the content once there is an entity to show; without one,
 * failed or offline with nothing saved (with a retry), access denied, or loading. Never loading
 * for good: a read that waits for a connection says so.
 */
export function EntityState({
  query,
  shown,
  local = false,
  deniedAlert = false,
  children,
}: {
  query: QueryLike & { dataUpdatedAt: number; isFetching: boolean }
  /** There is an entity (fetched, cached or queued) and what it needs is ready. */
  shown: boolean
  /** Created on this device and not yet sent: nothing was fetched. */
  local?: boolean
  /** A refusal for lack of rights says "Access denied." instead of the failure. */
  deniedAlert?: boolean
  children?: ReactNode
}) {
  const { status } = fieldsOf(query.error)
  /** The entity, access denied, unavailable (failed, or waiting for a connection), or still loading. */
  const body = () => {
    if (shown) return children
    if (deniedAlert && status === 403)
      return (
        <Alert>
          <FormattedMessage id="error.accessDenied" defaultMessage="Access denied." />
        </Alert>
      )
    if (query.isError || (query.fetchStatus === 'paused' && query.data === undefined))
      return <Unavailable query={query} />
    return (
      <p role="status" aria-busy="true" className="text-gray-600">
        <FormattedMessage id="common.loading" defaultMessage="Loading…" />
      </p>
    )
  }
  return (
    <>
      {!local && (
        <FetchedAt
          updatedAt={query.dataUpdatedAt}
          fetching={query.isFetching}
          failed={query.isError}
          onRetry={() => void query.refetch()}
        />
      )}
      {body()}
    </>
  )
}

/**
 * A part of a screen whose read failed: saved data stays, said so with its age and a Retry (announced
 * once per page by FetchedAt); with nothing saved, the failure is a notice with Retry. `error`, another
 * failure of the part (an action's), is shown in the notice instead, without Retry.
 */
export function PartFailure({
  query,
  error = null,
  className,
}: {
  query: QueryLike & { dataUpdatedAt: number; isFetching: boolean }
  error?: unknown
  className?: string
}) {
  const retry = () => void query.refetch()
  const notice = error ?? (query.isError && query.data === undefined ? query.error : null)
  return (
    <>
      {query.isError && query.data !== undefined && (
        <FetchedAt updatedAt={query.dataUpdatedAt} fetching={query.isFetching} failed onRetry={retry} />
      )}
      {notice !== null && (
        <div className={className}>
          <ErrorNotice error={notice} onRetry={error === null ? retry : undefined} />
        </div>
      )}
    </>
  )
}
