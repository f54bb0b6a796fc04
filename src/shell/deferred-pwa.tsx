import { lazy, Suspense, useEffect, useState } from 'react'
import { afterFirstScreen } from '../outbox/lazy-db'

const PwaControls = lazy(() => import('./pwa-controls').then((m) => ({ default: m.PwaControls })))
const NoOfflineCopyBadge = lazy(() =>
  import('./no-offline-copy').then((m) => ({ default: m.NoOfflineCopyBadge })),
)

/** True once the first screen is shown (its data in): what waits for it renders then. */
function useFirstScreenShown() {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    let mounted = true
    void afterFirstScreen().then(() => mounted && setShown(true))
    return () => {
      mounted = false
    }
  }, [])
  return shown
}

/**
 * "Install app", "New version available" and "No offline copy" are about the service worker, which
 * registers after the first screen: their code (and the worker's) loads then, not with that screen.
 */
export function DeferredPwaControls() {
  const shown = useFirstScreenShown()
  return shown ? (
    <Suspense fallback={null}>
      <PwaControls />
    </Suspense>
  ) : null
}

export function DeferredNoOfflineCopyBadge() {
  const shown = useFirstScreenShown()
  return shown ? (
    <Suspense fallback={null}>
      <NoOfflineCopyBadge />
    </Suspense>
  ) : null
}
