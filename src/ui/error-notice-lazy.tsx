import { type ComponentProps, lazy, Suspense } from 'react'
import type { ErrorNotice } from './error-notice'

/** The failure texts' code, loaded as a failure is shown (the service worker keeps it for offline use). */
export const loadErrorNotice = () => import('./error-notice')

const Loaded = lazy(() => loadErrorNotice().then((module) => ({ default: module.ErrorNotice })))

/**
 * The ErrorNotice of a list's or an entity's first screen. The rules that word a failure (its fields,
 * the platform's refusal, the diagnosis) are a chunk a screen that reads well never needs, so they load
 * when a failure is shown. Meanwhile the notice's box holds its place, with nothing in it to read.
 */
export function LazyErrorNotice(props: ComponentProps<typeof ErrorNotice>) {
  return (
    <Suspense
      fallback={<div className="min-h-12 rounded-md border border-red-300 bg-red-50" aria-busy="true" />}
    >
      <Loaded {...props} />
    </Suspense>
  )
}
