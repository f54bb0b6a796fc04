import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { listDevices, removeDevice, thisDeviceId } from '../../api/push'
import { scopeKey } from '../../core/keys'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { ErrorNotice } from '../../ui/error-notice'

const devicesKey = () => [...scopeKey(), 'push-devices'] as const

/** The devices the user added for task notifications: name, when added, and remove. */
export function DevicesSection() {
  const intl = useIntl()
  const client = useQueryClient()
  const devices = useQuery({ queryKey: devicesKey(), queryFn: ({ signal }) => listDevices(signal) })
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState<string | undefined>()
  const current = thisDeviceId()
  return (
    <section aria-labelledby="devices-title" className="rounded-lg bg-white p-4 shadow-sm">
      <h2 id="devices-title" className="mb-3 text-lg font-semibold text-gray-900">
        <FormattedMessage id="profile.devices" defaultMessage="Devices notified" />
      </h2>
      {devices.isError && !devices.data && (
        <ErrorNotice error={devices.error} onRetry={() => void devices.refetch()} />
      )}
      {failed && (
        <Alert>
          <FormattedMessage
            id="profile.deviceRemoveFailed"
            defaultMessage="The device was not removed. Try again."
          />
        </Alert>
      )}
      {devices.data && devices.data.length === 0 && (
        <p className="text-sm text-gray-600">
          <FormattedMessage
            id="profile.noDevices"
            defaultMessage="No devices. Add one on a task's notifications with Notify this device."
          />
        </p>
      )}
      <ul className="divide-y divide-gray-100" data-testid="push-devices">
        {(devices.data ?? []).map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <span>
              <span className="font-medium text-gray-900">{d.deviceName || d.endpointHost}</span>
              {d.id === current && (
                <span className="ml-2 text-gray-600">
                  <FormattedMessage id="profile.thisDevice" defaultMessage="(this device)" />
                </span>
              )}
              <span className="block text-gray-600">
                <FormattedMessage
                  id="profile.deviceAdded"
                  defaultMessage="Added {date}"
                  values={{
                    date: <FormattedDate value={d.createdAt} dateStyle="medium" timeStyle="short" />,
                  }}
                />
              </span>
            </span>
            <Button
              variant="ghost"
              disabled={busy === d.id}
              aria-label={intl.formatMessage(
                { id: 'profile.removeDeviceNamed', defaultMessage: 'Remove {name}' },
                { name: d.deviceName || d.endpointHost },
              )}
              onClick={async () => {
                setBusy(d.id)
                setFailed(false)
                const result = await removeDevice(d.id)
                setBusy(undefined)
                if (result.error !== undefined && result.status !== 404) setFailed(true)
                await client.invalidateQueries({ queryKey: devicesKey() })
              }}
            >
              <FormattedMessage id="profile.removeDevice" defaultMessage="Remove" />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
