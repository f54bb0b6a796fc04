import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { type Task, tasks } from '../../api/tasks'
import { usePermittedAction } from '../../auth/permitted'
import type { WithPending } from '../../offline/outbox'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { PlatformRefusal, useOutboxSave } from '../../ui/form/platform-answer'

/**
 * Delete of a task, after a confirmation, for users who may delete it (others see it disabled with
 * the reason). The task screen is left only once the platform deleted it, or the delete is kept to send.
 */
export function TaskDelete({ task }: { task: WithPending<Task> }) {
  const navigate = useNavigate()
  const action = usePermittedAction({ type: 'tasks', actions: 'delete', entityIds: task.id })
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const outbox = useOutboxSave()

  const confirm = async () => {
    setAsking(false)
    setBusy(true)
    try {
      const outcome = await outbox.save(() => tasks.queueDelete(task), undefined)
      if (outcome.kind !== 'refused') await navigate({ to: '/tasks' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button
        variant="danger"
        disabled={action.disabled || busy || task.pending === 'delete'}
        aria-busy={busy || undefined}
        title={action.reason}
        onClick={() => setAsking(true)}
      >
        <FormattedMessage id="task.delete" defaultMessage="Delete" />
      </Button>
      {action.reason && <span className="sr-only">{action.reason}</span>}
      <ConfirmDialog
        open={asking}
        danger
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
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirm()}
      />
      {outbox.refused && (
        <div className="basis-full">
          <PlatformRefusal entry={outbox.refused} />
        </div>
      )}
    </>
  )
}
