import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { sendTaskCommand, type Task, type TaskCommand } from '../../api/tasks'
import { usePermittedAction } from '../../auth/permitted'
import { Alert } from '../../ui/alert'
import { ErrorNotice } from '../../ui/error-notice'
import { OnlineOnlyButton } from '../../ui/online-only-button'

/** Start, stop and run now: sent at once (never queued), then the task and its history are refetched. */
export function TaskCommands({ task }: { task: Task }) {
  const [busy, setBusy] = useState<TaskCommand | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [done, setDone] = useState<TaskCommand | null>(null)
  const send = async (command: TaskCommand) => {
    setBusy(command)
    setError(null)
    setDone(null)
    try {
      await sendTaskCommand(task.id, command)
      setDone(command)
    } catch (e) {
      setError(e)
    } finally {
      setBusy(null)
    }
  }
  const running = task.status === 'running'
  const execute = usePermittedAction({ type: 'tasks', actions: 'execute', entityIds: task.id })
  const denied = { disabled: execute.disabled, title: execute.reason }
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {running ? (
          <OnlineOnlyButton
            variant="secondary"
            {...denied}
            disabled={busy !== null || denied.disabled}
            onClick={() => void send('stop')}
          >
            <FormattedMessage id="task.stop" defaultMessage="Stop" />
          </OnlineOnlyButton>
        ) : (
          <OnlineOnlyButton
            variant="secondary"
            {...denied}
            disabled={busy !== null || denied.disabled}
            onClick={() => void send('start')}
          >
            <FormattedMessage id="task.start" defaultMessage="Start" />
          </OnlineOnlyButton>
        )}
        <OnlineOnlyButton
          {...denied}
          disabled={busy !== null || denied.disabled}
          onClick={() => void send('run')}
        >
          <FormattedMessage id="task.runNow" defaultMessage="Run now" />
        </OnlineOnlyButton>
      </div>
      <div aria-live="polite" className="mt-2">
        {done === 'run' && (
          <Alert tone="success">
            <FormattedMessage
              id="task.runDone"
              defaultMessage="The task ran. Its result is in the history."
            />
          </Alert>
        )}
      </div>
      {error !== null && (
        <div className="mt-2">
          <ErrorNotice error={error} />
        </div>
      )}
    </div>
  )
}
