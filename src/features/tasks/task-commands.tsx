import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { useOnlineWrite } from '../../api/online-write'
import { sendTaskCommand, type Task, type TaskCommand } from '../../api/tasks'
import { usePermittedAction } from '../../auth/permitted'
import type { OutboxStatus } from '../../outbox/db'
import { Alert } from '../../ui/alert'
import { OnlineOnlyButton } from '../../ui/online-only-button'

/**
 * Start, stop and run now: sent at once (never queued), then the task and its history are refetched.
 * A run queued by "Run again" on a notification (`queuedRun`, its outbox state) is said to wait.
 */
export function TaskCommands({ task, queuedRun }: { task: Task; queuedRun?: OutboxStatus }) {
  const [done, setDone] = useState<TaskCommand | null>(null)
  const write = useOnlineWrite((command: TaskCommand, key: string) => sendTaskCommand(task.id, command, key))
  const busy = write.busy ? 'busy' : null
  const send = async (command: TaskCommand) => {
    setDone(null)
    const result = await write.run(command)
    if (result && result.error === undefined) setDone(command)
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
        {queuedRun === 'pending' && (
          <Alert tone="info">
            <span data-testid="run-queued">
              <FormattedMessage
                id="task.runQueued"
                defaultMessage="Run again, chosen on a notification, waits to be sent: the task runs once the console reaches the platform."
              />
            </span>
          </Alert>
        )}
        {done === 'run' && (
          <Alert tone="success">
            <FormattedMessage
              id="task.runDone"
              defaultMessage="The task ran. Its result is in the history."
            />
          </Alert>
        )}
      </div>
      {write.error && (
        <div className="mt-2">
          <Alert>{write.error}</Alert>
        </div>
      )}
    </div>
  )
}
