import { lazy, Suspense } from 'react'
import { useChunkRecovery } from '../pwa/use-chunk-recovery'
import { ErrorPage, ErrorPageBoundary, statusOf } from './error-pages'

// The platform's failures are said in the user's language by the error catalogue, loaded only when
// a route fails: it stays out of the chunk every screen starts with.
const DescribedErrorPage = lazy(() => import('./described-error-page'))

/**
 * A route's error: nothing while a failed chunk is recovered from; a platform's refusal (it has a
 * status) in the user's words with its own text folded below; any other error by its message.
 */
export function RouteError({ error, reset }: { error: unknown; reset: () => void }) {
  if (useChunkRecovery(error)) return null
  const status = statusOf(error)
  return (
    <ErrorPageBoundary>
      {status === undefined ? (
        <ErrorPage message={error instanceof Error ? error.message : undefined} onRetry={reset} />
      ) : (
        <Suspense fallback={null}>
          <DescribedErrorPage status={status} error={error} onRetry={reset} />
        </Suspense>
      )}
    </ErrorPageBoundary>
  )
}
