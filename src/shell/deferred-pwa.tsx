import { type ComponentType, useEffect, useState } from 'react'
import { loadWhenOnline } from '../core/load-when-online'
import { withLaterMessages } from '../i18n/i18n-provider'
import { afterFirstScreen } from '../outbox/lazy-db'

/**
 * A part of the shell no first screen needs, loaded once that screen is shown. Its chunk may not come
 * (offline, with no service worker keeping it): then the part is not shown, nothing fails, and it is
 * asked for again when the browser is back online.
 */
function useDeferredPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> | null {
  const [Part, setPart] = useState<{ Component: ComponentType<P> } | null>(null)
  useEffect(() => {
    let mounted = true
    let stop: (() => void) | undefined
    void afterFirstScreen().then(() => {
      if (mounted) stop = loadWhenOnline(load, (Component) => setPart({ Component }))
    })
    return () => {
      mounted = false
      stop?.()
    }
  }, [load])
  return Part?.Component ?? null
}

const loadPwaControls = () => withLaterMessages(() => import('./pwa-controls'))().then((m) => m.PwaControls)
const loadNoOfflineCopyBadge = () =>
  withLaterMessages(() => import('./no-offline-copy'))().then((m) => m.NoOfflineCopyBadge)

/**
 * "Install app", "New version available" and "No offline copy" are about the service worker, which
 * registers after the first screen: their code (and the worker's) loads then, not with that screen.
 */
export function DeferredPwaControls() {
  const PwaControls = useDeferredPart(loadPwaControls)
  return PwaControls && <PwaControls />
}

export function DeferredNoOfflineCopyBadge() {
  const NoOfflineCopyBadge = useDeferredPart(loadNoOfflineCopyBadge)
  return NoOfflineCopyBadge && <NoOfflineCopyBadge />
}
