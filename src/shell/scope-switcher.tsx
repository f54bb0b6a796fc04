import { useId } from 'react'
import { useIntl } from 'react-intl'
import { switchEnvironment, switchVersion } from '../api/scope-change'
import { API_VERSIONS, ENVIRONMENTS, environmentSetting, versionSetting } from '../core/scope'
import { useSwitchGuard } from './switch-guard'

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
  // A switch remounts the screen: asked first over input no draft keeps.
  const { ask, question } = useSwitchGuard()
  return (
    <div className="grid grid-cols-2 gap-2">
      {question}
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
