import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { applyUpdate, postponeUpdate, promptInstall, usePwaState } from '../pwa/sw-registration'
import { useUnsavedInputCount } from '../pwa/unsaved'
import { Icon } from '../ui/icon'
import { AskedPart, onDemand } from '../ui/on-demand-part'

const addToHomeScreenSteps = onDemand(
  () => import('./add-to-home-screen'),
  (m) => m.default,
)

/**
 * "Install app" wherever the browser offers installation, phones included (an icon there, the words for
 * screen readers); on iOS Safari, which has no prompt, it shows how to add the console to the home
 * screen. And "New version available", which waits for the user's yes.
 */
export function PwaControls() {
  const { updateWaiting, canInstall, addToHomeScreen, reloadWaits, laterUntil } = usePwaState()
  const unsaved = useUnsavedInputCount()
  const [showSteps, setShowSteps] = useState(false)
  return (
    <>
      {(canInstall || addToHomeScreen) && (
        <button
          type="button"
          onClick={() => (canInstall ? void promptInstall() : setShowSteps(true))}
          data-testid="install-app"
          className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center gap-1 rounded-md border border-primary-700 px-2 text-sm text-primary-800 hover:bg-primary-50 sm:h-9 sm:px-3"
        >
          <Icon d="M12 3v11M7 10l5 5 5-5M5 20h14" className="h-5 w-5 sm:hidden" />
          <span className="sr-only sm:not-sr-only">
            <FormattedMessage id="pwa.install" defaultMessage="Install app" />
          </span>
        </button>
      )}
      {showSteps && (
        <AskedPart part={addToHomeScreenSteps} onFailed={() => setShowSteps(false)}>
          {(AddToHomeScreen) => <AddToHomeScreen onClose={() => setShowSteps(false)} />}
        </AskedPart>
      )}
      {((updateWaiting && laterUntil === 0) || reloadWaits) && (
        <div
          role="status"
          data-testid="update-banner"
          className="fixed inset-x-2 bottom-2 z-50 rounded-lg bg-menu px-4 py-3 text-sm text-white shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-md"
        >
          <p className="font-medium">
            {reloadWaits ? (
              <FormattedMessage
                id="pwa.updateActive"
                defaultMessage="A new version is active. Reload when your input is saved."
              />
            ) : (
              <FormattedMessage id="pwa.updateAvailable" defaultMessage="New version available" />
            )}
          </p>
          {unsaved.kept > 0 && (
            <p className="mt-1 text-menu-text">
              <FormattedMessage
                id="pwa.updateKeepsDrafts"
                defaultMessage="Your unsaved input is kept as a draft: after reloading, choose Restore draft."
              />
            </p>
          )}
          {unsaved.unkept > 0 && (
            <p className="mt-1 text-amber-200">
              <FormattedMessage
                id="pwa.updateLosesInput"
                defaultMessage="A form here holds input that cannot be kept as a draft: save or cancel it first."
              />
            </p>
          )}
          <div className="mt-2 flex justify-end gap-2">
            {!reloadWaits && (
              <button
                type="button"
                onClick={postponeUpdate}
                className="min-h-11 rounded-md px-3 font-medium text-white hover:bg-menu-hover sm:min-h-9"
              >
                <FormattedMessage id="pwa.later" defaultMessage="Later" />
              </button>
            )}
            <button
              type="button"
              onClick={() => applyUpdate(reloadWaits)}
              className="min-h-11 rounded-md bg-primary-700 px-3 font-medium text-white hover:bg-primary-600 sm:min-h-9"
            >
              <FormattedMessage id="pwa.reload" defaultMessage="Reload" />
            </button>
          </div>
        </div>
      )}
    </>
  )
}
