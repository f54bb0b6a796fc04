import { useEffect, useId, useState } from 'react'
import { defineMessages, FormattedMessage, useIntl } from 'react-intl'
import { cronEverRuns, isCron } from '../../contract/cron'
import { ianaZone, TIME_ZONES } from '../../contract/time-zones'
import { withLaterMessages } from '../../i18n/i18n-provider'

const PRESET_LABELS = defineMessages({
  '*/15 * * * *': { id: 'cron.preset.15min', defaultMessage: 'Every 15 minutes' },
  '0 * * * *': { id: 'cron.preset.hourly', defaultMessage: 'Every hour' },
  '0 2 * * *': { id: 'cron.preset.daily', defaultMessage: 'Every day at 02:00' },
  '0 8 * * 1-5': { id: 'cron.preset.weekdays', defaultMessage: 'Weekdays at 08:00' },
  '0 8 * * 1': { id: 'cron.preset.weekly', defaultMessage: 'Mondays at 08:00' },
  '0 0 1 * *': { id: 'cron.preset.monthly', defaultMessage: 'First day of the month at 00:00' },
})
const PRESETS = Object.entries(PRESET_LABELS).map(([value, label]) => ({ value, label }))

type Preview =
  | { description: string; runs: Date[]; skipped?: { date: string; time: string } }
  | { failed: true }
  | null

/** Describes the schedule and lists its next runs; the cron libraries load only when this shows. */
function useCronPreview(schedule: string, timeZone: string, locale: string): Preview {
  const [preview, setPreview] = useState<Preview>(null)
  useEffect(() => {
    if (!isCron(schedule) || !cronEverRuns(schedule)) {
      setPreview(null)
      return
    }
    let live = true
    withLaterMessages(() => import('./cron-preview'))()
      .then(({ describeCronLocally, nextRuns, skippedRun }) => {
        if (live)
          setPreview({
            description: describeCronLocally(schedule, locale),
            runs: nextRuns(schedule, ianaZone(timeZone)),
            skipped: skippedRun(schedule, ianaZone(timeZone)),
          })
      })
      .catch(() => live && setPreview({ failed: true }))
    return () => {
      live = false
    }
  }, [schedule, timeZone, locale])
  return preview
}

interface Props {
  schedule: string
  timeZone: string
  onChange: (next: { schedule?: string; timeZone?: string }) => void
  onBlur?: () => void
  error?: string
  readOnly?: boolean
}

/** A cron schedule: a preset or a raw expression, a time zone, the description and the next five runs. */
export function CronScheduleEditor({ schedule, timeZone, onChange, onBlur, error, readOnly }: Props) {
  const intl = useIntl()
  const id = useId()
  const preview = useCronPreview(schedule, timeZone, intl.locale)
  const preset = PRESETS.find((p) => p.value === schedule.trim())?.value ?? ''
  const zone = ianaZone(timeZone)
  const control = 'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm disabled:bg-gray-100'
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <div>
        <label htmlFor={`${id}-preset`} className="mb-1 block text-sm font-medium text-gray-800">
          <FormattedMessage id="cron.preset" defaultMessage="Preset" />
        </label>
        <select
          id={`${id}-preset`}
          className={control}
          value={preset}
          disabled={readOnly}
          onChange={(e) => e.target.value && onChange({ schedule: e.target.value })}
        >
          <option value="">{intl.formatMessage({ id: 'cron.custom', defaultMessage: 'Custom' })}</option>
          {PRESETS.map((p) => (
            <option key={p.value} value={p.value}>
              {intl.formatMessage(p.label)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-expression`} className="mb-1 block text-sm font-medium text-gray-800">
          <FormattedMessage id="cron.expression" defaultMessage="Cron expression" />
        </label>
        <input
          id={`${id}-expression`}
          className={`${control} font-mono aria-[invalid=true]:border-red-600`}
          value={schedule}
          readOnly={readOnly}
          onChange={(e) => onChange({ schedule: e.target.value })}
          onBlur={onBlur}
          aria-invalid={error !== undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          spellCheck={false}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          <FormattedMessage
            id="cron.hint"
            defaultMessage="Minute, hour, day of month, month, day of week, e.g. 0 2 * * *"
          />
        </p>
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="md:col-span-2">
        <label htmlFor={`${id}-zone`} className="mb-1 block text-sm font-medium text-gray-800">
          <FormattedMessage id="cron.timeZone" defaultMessage="Time zone" />
        </label>
        <select
          id={`${id}-zone`}
          className={control}
          value={timeZone}
          disabled={readOnly}
          onChange={(e) => onChange({ timeZone: e.target.value })}
        >
          <option value="">UTC</option>
          {TIME_ZONES.map((z) => (
            <option key={z.name} value={z.name}>
              {z.name} ({z.iana})
            </option>
          ))}
        </select>
      </div>
      <div
        className="rounded-md bg-gray-50 p-3 text-sm md:col-span-2"
        aria-live="polite"
        data-testid="cron-preview"
      >
        {preview && 'description' in preview ? (
          <>
            <p className="font-medium text-gray-900">{preview.description}</p>
            <p className="mt-2 text-gray-700">
              <FormattedMessage id="cron.nextRuns" defaultMessage="Next runs ({zone}):" values={{ zone }} />
            </p>
            <ol className="ml-5 list-decimal">
              {preview.runs.map((run) => (
                <li key={run.toISOString()}>
                  {new Intl.DateTimeFormat(intl.locale, {
                    timeZone: zone,
                    weekday: 'short',
                    year: 'numeric',
                    month: 'numeric',
                    day: 'numeric',
                    hour: '2-digit',
                    minute: '2-digit',
                  }).format(run)}
                </li>
              ))}
            </ol>
            {preview.skipped && (
              <p className="mt-2 font-medium text-amber-900" data-testid="cron-skipped">
                <FormattedMessage
                  id="cron.skipped"
                  defaultMessage="{time} on {date} does not exist in {zone}: the clocks go forward then, so that run does not happen at that time."
                  values={{
                    time: preview.skipped.time,
                    date: intl.formatDate(`${preview.skipped.date}T12:00:00Z`, {
                      timeZone: 'UTC',
                      year: 'numeric',
                      month: 'numeric',
                      day: 'numeric',
                    }),
                    zone,
                  }}
                />
              </p>
            )}
          </>
        ) : (
          <p className="text-gray-600">
            <FormattedMessage
              id="cron.noPreview"
              defaultMessage="Enter a valid schedule to see when it runs."
            />
          </p>
        )}
      </div>
    </div>
  )
}
