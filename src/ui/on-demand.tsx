import { type ComponentType, type ReactNode, useEffect, useState } from 'react'
import { whenIdle } from '../core/idle'
import { afterFirstScreen, firstScreenHeld } from '../outbox/lazy-db'
import { AskedPart, type OnDemandPart } from './on-demand-part'

export { type OnDemandPart, onDemand } from './on-demand-part'

/**
 * Renders an on-demand part from the first time it is `asked` for on (then it stays, so that closing
 * a dialog is its own: focus returned, no remount). Its code is fetched once the first screen is shown
 * (its data in; a later screen's once the main thread is idle), when `preload` (the default) says the
 * user may ask for it. Code that cannot come leaves the screen as it is (see `AskedPart`): the part
 * is closed (`onClose`, what cancelling it does) and fetched again when asked for again (`AskedPart`).
 */
export function OnDemand<P>({
  part,
  asked,
  preload = true,
  onClose,
  children,
}: {
  part: OnDemandPart<P>
  asked: boolean
  preload?: boolean
  onClose: () => void
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
  if (!shown) return null
  return (
    <AskedPart
      part={part}
      onFailed={() => {
        setShown(false)
        onClose()
      }}
    >
      {children}
    </AskedPart>
  )
}
