import { defineMessages, type MessageDescriptor } from 'react-intl'
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
