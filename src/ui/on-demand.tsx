import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { whenIdle } from '../core/idle'
import { withLaterMessages } from '../i18n/i18n-provider'
import { afterFirstScreen, firstScreenHeld } from '../outbox/lazy-db'

/** A part of a screen whose code loads apart from it (a dialog): see `onDemand`. */
export interface OnDemandPart<P> {
  /** Fetches the code (and the later messages it speaks); settles at once once it is in. */
  preload: () => Promise<unknown>
  /** The component to render: a new one after a failed load, so that rendering again tries again. */
  component: () => ComponentType<P>
}

/**
 * A part of a screen that is shown only when asked for (a dialog), in a chunk of its own: the screen's
 * first rows do not wait for its code (a delete dialog brought some ten chunks and 60 KB to a list).
 */
export function onDemand<M, P>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): OnDemandPart<P> {
  const preload = withLaterMessages(load)
  const make = () =>
    lazy(() =>
      preload().then(
        (module) => ({ default: pick(module) }),
        (error: unknown) => {
          // React keeps a lazy component's failure for good: the next render gets a fresh one.
          current = make()
          throw error
        },
      ),
    )
  let current = make()
  return { preload, component: () => current }
}

/**
 * Renders an on-demand part from the first time it is `asked` for on (then it stays, so that closing
 * a dialog is its own: focus returned, no remount). Its code is fetched once the first screen is shown
 * (its data in; a later screen's once the main thread is idle), when `preload` (the default) says the
 * user may ask for it.
 */
export function OnDemand<P>({
  part,
  asked,
  preload = true,
  children,
}: {
  part: OnDemandPart<P>
  asked: boolean
  preload?: boolean
  children: (Component: ComponentType<P>) => ReactNode
}) {
  const [shown, setShown] = useState(asked)
  if (asked && !shown) setShown(true)
  useEffect(() => {
    if (!preload) return
    let live = true
    let cancel: (() => void) | undefined
    // Not while the first screen's data is still coming: its rows go first. Once it is shown (the main
    // thread was idle), at once: a connection that drops soon after would leave the part without code.
    const load = () => void part.preload().catch(() => undefined)
    if (firstScreenHeld()) void afterFirstScreen().then(() => live && load())
    else cancel = whenIdle(load, 3000)
    return () => {
      live = false
      cancel?.()
    }
  }, [part, preload])
  return shown ? <Suspense fallback={null}>{children(part.component())}</Suspense> : null
}
