import { Component, type ComponentType, lazy, type ReactNode } from 'react'
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
 * Render it in a `PartBoundary`, or with `OnDemand`, which also fetches it ahead.
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
 * Around a part loaded on demand: when its code does not come (offline on a first visit, before it was
 * fetched), the screen stays as it is, input and all. The part is cancelled (`onFailed`, what closing it
 * does) and a notice says so. The boundary shows nothing from then on, so it never tries again by itself:
 * asked for again (a boundary mounted anew), the code is fetched again. A chunk a new version replaced
 * reloads the page instead (drafts and the outbox are kept). Any other error is the screen's.
 */
export function PartBoundary({ onFailed, children }: { onFailed: () => void; children: ReactNode }) {
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
  return <Boundary onFailed={failed}>{children}</Boundary>
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
