import { FormattedMessage, useIntl } from 'react-intl'
import { CRON_MESSAGE } from '../../contract/task-values'
import { Button } from '../../ui/button'
import { withForm } from '../../ui/form/fields'
import { firstError, translateValidation } from '../../ui/form/validation-message'
import { CronScheduleEditor } from './cron-schedule-editor'
import { emptyJob, toFormValues } from './task-form-schema'

/** Scheduled jobs: sent with a new task, and for an existing one in their own call after its update. */
export const TaskJobsSection = withForm({
  defaultValues: toFormValues(),
  render: function TaskJobsSection({ form }) {
    const intl = useIntl()
    return (
      <section aria-labelledby="task-jobs-title" className="mt-6 border-t pt-4">
        <h2 id="task-jobs-title" className="mb-1 text-lg font-semibold text-gray-900">
          <FormattedMessage id="task.jobs" defaultMessage="Scheduled jobs" />
        </h2>
        <form.AppField name="jobs" mode="array">
          {(jobs) => (
            <div className="space-y-4">
              {jobs.state.value.length === 0 && (
                <p className="text-sm text-gray-600">
                  <FormattedMessage id="task.noJobs" defaultMessage="No scheduled jobs." />
                </p>
              )}
              {jobs.state.value.map((_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: form array fields are named by their index
                <fieldset key={i} className="rounded-md border border-gray-200 p-3" data-testid="task-job">
                  <legend className="px-1 text-sm font-medium text-gray-800">
                    <FormattedMessage id="task.job" defaultMessage="Job {n}" values={{ n: i + 1 }} />
                  </legend>
                  <form.Field name={`jobs[${i}].schedule`}>
                    {(schedule) => (
                      <form.Field name={`jobs[${i}].timeZone`}>
                        {(zone) => {
                          const error =
                            schedule.state.meta.isTouched || form.state.submissionAttempts > 0
                              ? firstError(schedule.state.meta.errors)
                              : undefined
                          return (
                            <CronScheduleEditor
                              schedule={schedule.state.value}
                              timeZone={zone.state.value}
                              error={
                                error === CRON_MESSAGE
                                  ? intl.formatMessage({
                                      id: 'validation.cron',
                                      defaultMessage:
                                        'Please enter a cron schedule of five fields, e.g. "0 2 * * *"',
                                    })
                                  : error && translateValidation(intl, error)
                              }
                              onBlur={schedule.handleBlur}
                              onChange={(next) => {
                                if (next.schedule !== undefined) schedule.handleChange(next.schedule)
                                if (next.timeZone !== undefined) zone.handleChange(next.timeZone)
                              }}
                            />
                          )
                        }}
                      </form.Field>
                    )}
                  </form.Field>
                  <div className="mt-2">
                    <Button variant="ghost" onClick={() => jobs.removeValue(i)}>
                      <FormattedMessage
                        id="task.removeJob"
                        defaultMessage="Remove job {n}"
                        values={{ n: i + 1 }}
                      />
                    </Button>
                  </div>
                </fieldset>
              ))}
              <Button variant="secondary" onClick={() => jobs.pushValue(emptyJob())}>
                <FormattedMessage id="task.addJob" defaultMessage="Add scheduled job" />
              </Button>
            </div>
          )}
        </form.AppField>
      </section>
    )
  },
})
