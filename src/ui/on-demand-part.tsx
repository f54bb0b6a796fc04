import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { useIntl } from 'react-intl'
import { withLaterMessages } from '../i18n/i18n-provider'
import { isChunkError, recoverFromChunkError } from '../pwa/chunk-recovery'
import { showNotice } from './notice'

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
 * Render it with `AskedPart`, or with `OnDemand`, which also fetches it ahead.
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
 * Renders a part loaded on demand (`children` gets its component) while it is asked for: the caller
 * mounts it then, or `OnDemand` does. When its code does not come (offline on a first visit, before it
 * was fetched), the screen stays as it is, input and all. The part is cancelled (`onFailed`, what
 * closing it does) and a notice says so. It then shows nothing, so it never tries again by itself:
 * asked for again (mounted anew), the code is fetched again. A chunk a new version replaced reloads the
 * page instead (drafts and the outbox are kept). Any other error is the screen's.
 */
export function AskedPart<P>({
  part,
  onFailed,
  fallback = null,
  children,
}: {
  part: OnDemandPart<P>
  onFailed: () => void
  /** What shows while the code comes. */
  fallback?: ReactNode
  children: (Component: ComponentType<P>) => ReactNode
}) {
  const intl = useIntl()
  const failed = () => {
    showNotice(
      'error',
      intl.formatMessage({
        id: 'onDemand.notLoaded',
        defaultMessage:
          'This part of the console could not be loaded. Nothing on this screen was lost: try again (without a connection, once it is back).',
      }),
    )
    onFailed()
  }
  return (
    <Boundary onFailed={failed}>
      <Suspense fallback={fallback}>{children(part.component())}</Suspense>
    </Boundary>
  )
}

class Boundary extends Component<{ onFailed: () => void; children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override componentDidCatch(error: unknown) {
    if (!isChunkError(error)) return
    void recoverFromChunkError(error)
    this.props.onFailed()
  }

  override render() {
    const { error } = this.state
    if (error && !isChunkError(error)) throw error
    return error ? null : this.props.children
  }
}
