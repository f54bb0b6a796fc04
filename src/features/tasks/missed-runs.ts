import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl'
import { MISSED_RUNS, type MissedRuns } from '../../contract/task-values'

/** What each missed-runs policy is called, in the form's choice and on the task's page. */
export const MISSED_RUN_LABELS: Record<MissedRuns, MessageDescriptor> = defineMessages({
  once: { id: 'task.missedRuns.once', defaultMessage: 'Run once' },
  all: { id: 'task.missedRuns.all', defaultMessage: 'Run each' },
  skip: { id: 'task.missedRuns.skip', defaultMessage: 'Skip' },
})

/** A task's policy; absent or unknown, the platform runs a missed slot once. */
export const missedRunsOf = (task: { missedRuns?: unknown }): MissedRuns =>
  MISSED_RUNS.find((policy) => policy === task.missedRuns) ?? 'once'

/** The "stop after N failed runs in a row" policy's name, in the form and on the task's page. */
export const STOP_AFTER_FAILURES_LABEL = defineMessage({
  id: 'task.stopAfterFailures',
  defaultMessage: 'Stop after failed runs in a row',
})

/** A task's limit of failed runs in a row; absent, null or not a count the platform acts on: never. */
export const stopAfterFailuresOf = (task: { stopAfterFailures?: unknown }): number | undefined => {
  const n = task.stopAfterFailures
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : undefined
}
