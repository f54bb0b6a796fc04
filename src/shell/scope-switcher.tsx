import { Suspense, useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { switchEnvironment, switchVersion } from '../api/scope-change'
import { API_VERSIONS, ENVIRONMENTS, environmentSetting, versionSetting } from '../core/scope'
import { lazyWithLaterMessages } from '../i18n/i18n-provider'
import { unsavedInputNow } from '../pwa/unsaved'

// The question's code is loaded only when a switch is held up: it is not part of the first screen.
const ConfirmDialog = lazyWithLaterMessages(
  () => import('../ui/confirm-dialog'),
  (m) => m.ConfirmDialog,
)

// Dark native controls: WebKitGTK draws a select light (and its text unreadable) unless told the scheme.
const selectClass =
  'w-full rounded border border-white/20 bg-menu-deep px-2 py-1 text-sm text-menu-text scheme-dark'

/** Environment and API version switch at the bottom of the menu. */
export function ScopeSwitcher() {
  const intl = useIntl()
  const envId = useId()
  const versionId = useId()
  const environment = environmentSetting.use()
  const version = versionSetting.use()
  // A switch remounts the screen. Input a form cannot keep as a draft would go with it: asked first,
  // as leaving the page is (a form with drafts keeps its input, and the switch goes on at once).
  const [held, setHeld] = useState<(() => void) | null>(null)
  const ask = (change: () => void) => (unsavedInputNow().unkept > 0 ? setHeld(() => change) : change())
  return (
    <div className="grid grid-cols-2 gap-2">
      {held && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            danger
            title={<FormattedMessage id="scope.unsavedTitle" defaultMessage="Switch without saving?" />}
            description={
              <FormattedMessage
                id="scope.unsavedText"
                defaultMessage="This page holds input that is not saved. It is lost if you switch."
              />
            }
            confirmLabel={<FormattedMessage id="scope.unsavedConfirm" defaultMessage="Switch" />}
            onConfirm={() => {
              held()
              setHeld(null)
            }}
            onCancel={() => setHeld(null)}
          />
        </Suspense>
      )}
      <div>
        <label htmlFor={envId} className="mb-1 block">
          {intl.formatMessage({ id: 'scope.environment', defaultMessage: 'Environment' })}
        </label>
        <select
          id={envId}
          className={selectClass}
          value={environment}
          onChange={(e) => {
            const next = e.target.value as (typeof ENVIRONMENTS)[number]
            ask(() => void switchEnvironment(next))
          }}
        >
          {ENVIRONMENTS.map((env) => (
            <option key={env} value={env}>
              {env}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={versionId} className="mb-1 block">
          {intl.formatMessage({ id: 'scope.version', defaultMessage: 'API version' })}
        </label>
        <select
          id={versionId}
          className={selectClass}
          value={version}
          onChange={(e) => {
            const next = e.target.value as (typeof API_VERSIONS)[number]
            ask(() => void switchVersion(next))
          }}
        >
          {API_VERSIONS.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
