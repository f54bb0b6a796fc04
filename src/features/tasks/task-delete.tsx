import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { type Task, tasks } from '../../api/tasks'
import { usePermittedAction } from '../../auth/permitted'
import type { WithPending } from '../../outbox/pending'
import { Button } from '../../ui/button'
import { deleteDialog } from '../../ui/dialog-parts'
import { OnDemand } from '../../ui/on-demand'

/**
 * Delete of a task, after a confirmation, for users who may delete it (others see it disabled with
 * the reason). The task screen is left only once the platform deleted it, or the delete is kept to send.
 */
export function TaskDelete({ task }: { task: WithPending<Task> }) {
  const navigate = useNavigate()
  const action = usePermittedAction({ type: 'tasks', actions: 'delete', entityIds: task.id })
  const [asking, setAsking] = useState(false)

  return (
    <>
      <Button
        variant="danger"
        disabled={action.disabled || task.pending === 'delete'}
        title={action.reason}
        onClick={() => setAsking(true)}
      >
        <FormattedMessage id="task.delete" defaultMessage="Delete" />
      </Button>
      {action.reason && <span className="sr-only">{action.reason}</span>}
      <OnDemand
        part={deleteDialog}
        asked={asking}
        preload={!action.disabled}
        onClose={() => setAsking(false)}
      >
        {(DeleteDialog) => (
          <DeleteDialog
            open={asking}
            title={
              <FormattedMessage
                id="task.deleteTitle"
                defaultMessage="Delete {name}?"
                values={{ name: task.name }}
              />
            }
            description={
              <FormattedMessage
                id="task.deleteText"
                defaultMessage="The task, its scheduled jobs and its run history are removed from the platform."
              />
            }
            confirmLabel={<FormattedMessage id="task.deleteConfirm" defaultMessage="Delete task" />}
            queue={() => tasks.queueDelete(task)}
            onClose={(done) => {
              setAsking(false)
              if (done) void navigate({ to: '/tasks' })
            }}
          />
        )}
      </OnDemand>
    </>
  )
}
