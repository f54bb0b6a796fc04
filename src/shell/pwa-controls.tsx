import { FormattedMessage } from 'react-intl'
import { applyUpdate, promptInstall, usePwaState } from '../offline/sw-registration'

/** "New version available" (waits for the user's yes) and the install button when offered. */
export function PwaControls() {
  const { updateWaiting, canInstall } = usePwaState()
  return (
    <>
      {canInstall && (
        <button
          type="button"
          onClick={() => void promptInstall()}
          className="hidden h-9 rounded-md border border-primary-700 px-3 text-sm text-primary-800 hover:bg-primary-50 sm:inline-flex sm:items-center"
        >
          <FormattedMessage id="pwa.install" defaultMessage="Install app" />
        </button>
      )}
      {updateWaiting && (
        <div
          role="status"
          className="fixed right-4 bottom-4 z-50 flex items-center gap-3 rounded-lg bg-menu px-4 py-3 text-sm text-white shadow-lg"
        >
          <FormattedMessage id="pwa.updateAvailable" defaultMessage="New version available" />
          <button
            type="button"
            onClick={applyUpdate}
            className="rounded-md bg-primary-700 px-3 py-1 font-medium text-white hover:bg-primary-600"
          >
            <FormattedMessage id="pwa.reload" defaultMessage="Reload" />
          </button>
        </div>
      )}
    </>
  )
}
