import type { ReactNode } from 'react'

/**
 * The screen's heading, its actions, and its status (when its data was fetched). The status has a
 * place kept for it from the start, one line, left-aligned: on a phone a line of its own under the
 * heading, wider, beside it. So nothing moves when the time comes or says it is refreshing.
 */
export function PageHeader({
  title,
  actions,
  status,
}: {
  title: ReactNode
  actions?: ReactNode
  status?: ReactNode
}) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <h1 className="flex-auto text-2xl font-semibold text-gray-900">{title}</h1>
      {status !== undefined && <div className="min-h-4 max-sm:basis-full sm:min-w-72">{status}</div>}
      {actions}
    </div>
  )
}
