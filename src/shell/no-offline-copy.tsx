import { useId, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { type NoOfflineReason, usePwaState } from '../pwa/sw-registration'
import { Icon } from '../ui/icon'

/** Why this browser keeps no offline copy, and what that means for the user. */
export function NoOfflineCopyText({ reason }: { reason: NoOfflineReason }) {
  return (
    <FormattedMessage
      id="pwa.noOfflineCopy"
      defaultMessage="This browser keeps no offline copy of the console: {reason, select, unsupported {it has no service workers (an old browser, or private browsing)} insecure {the console is not served over HTTPS} other {the browser refused to keep one (private browsing, a policy of your organization, or a browser setting)}}. Screens already open keep working and saved changes wait on this device, but a page opened or reloaded without a connection will not load."
      values={{ reason }}
    />
  )
}

/** In the connection indicator: "No offline copy", and on a tap, why. */
export function NoOfflineCopyBadge() {
  const { noOfflineCopy } = usePwaState()
  const [open, setOpen] = useState(false)
  const panelId = useId()
  if (!noOfflineCopy) return null
  return (
    <span className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        data-testid="no-offline-copy"
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-2 font-medium text-amber-900 hover:bg-amber-50 sm:min-h-8"
      >
        <Icon
          d="M3 3l18 18M8.5 8.6A5 5 0 0 0 6 17h11m3.2-1.6A4 4 0 0 0 17 10h-.3A6 6 0 0 0 10.3 5.2"
          className="h-4 w-4"
        />
        <span className="sr-only lg:not-sr-only">
          <FormattedMessage id="pwa.noOfflineCopyShort" defaultMessage="No offline copy" />
        </span>
      </button>
      {open && (
        <span
          id={panelId}
          role="note"
          className="fixed inset-x-2 top-14 z-30 block rounded-md sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-1 sm:w-72 border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 shadow-lg"
        >
          <NoOfflineCopyText reason={noOfflineCopy} />
        </span>
      )}
    </span>
  )
}
