import * as Tabs from '@radix-ui/react-tabs'
import { useNavigate } from '@tanstack/react-router'
import { type ReactNode, useMemo, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { type ActionSchema, queueTaskJobs, type Task, type TaskInput, tasks } from '../../api/tasks'
import { TASK_SECRETS } from '../../contract/task'
import type { OutboxEntry } from '../../outbox/db'
import { draftKey } from '../../outbox/drafts'
import { newLocalId } from '../../outbox/outbox'
import { useAppForm } from '../../ui/form/fields'
import { checkChangedOnly } from '../../ui/form/issued-values'
import { platformErrorListeners, useOutboxSave, useRefusalOnFields } from '../../ui/form/platform-answer'
import { TabErrorMark, useTabsWithErrors } from '../../ui/form/tab-errors'
import { useChangedOnPlatform } from '../resource/changed-on-platform'
import { closeSaved, EntityFormFrame, useFormDraft, useSaveError } from '../resource/entity-form'
import { TaskActionsTab } from './task-actions-tab'
import {
  secretIsSet,
  type TaskFormValues,
  taskEditBody,
  toFormValues,
  toTaskInput,
  withActionRules,
  withoutSecrets,
} from './task-form-schema'
import { TaskGeneralTab } from './task-general-tab'
import { TaskJobsSection } from './task-jobs-section'
import { TaskNotificationsTab } from './task-notifications-tab'

const TABS = ['general', 'actions', 'notifications', 'history'] as const
type Tab = (typeof TABS)[number]
/** The tab a field is on: the lists have their own, every other field is general. */
const LIST_TABS = ['actions', 'notifications'] as const
const tabOf = (field: string): Tab => LIST_TABS.find((tab) => field.startsWith(tab)) ?? 'general'

/**
 * One form for create and edit, in tabs; a save is queued in the outbox, never lost.
 * The history tab is given by the screen (it only exists for a saved task).
 */
export function TaskForm({
  current,
  schemas,
  history,
  refused,
}: {
  current?: Task
  schemas: ActionSchema[]
  history?: ReactNode
  /** A change of this task the platform refused after its form was closed. */
  refused?: OutboxEntry
}) {
  const intl = useIntl()
  const navigate = useNavigate()
  const key = draftKey('task', current?.id ?? 'new')
  const [tab, setTab] = useState<Tab>('general')
  const { saveError, trying } = useSaveError()
  // The version the user started editing: a newer one on the platform must surface as a conflict.
  const [baseVersion] = useState(current?.updatedAt)
  const outbox = useOutboxSave(refused?.path.endsWith('/jobs') ? undefined : refused)
  const jobsSave = useOutboxSave(refused?.path.endsWith('/jobs') ? refused : undefined)
  // A value the platform issued (a code with a hyphen) is checked only once the user changes it.
  const schema = useMemo(
    () => checkChangedOnly(withActionRules(schemas), current ? toFormValues(current) : undefined),
    [schemas, current],
  )
  const form = useAppForm({
    defaultValues: toFormValues(current),
    validators: { onChange: schema, onSubmit: schema },
    listeners: platformErrorListeners,
    onSubmitInvalid: ({ formApi }) => {
      const invalid = Object.entries(formApi.state.fieldMeta).find(([, meta]) => meta?.errors?.length)
      if (invalid) setTab(tabOf(invalid[0]))
    },
    onSubmit: async ({ value, formApi }) => {
      const input = toTaskInput(value, schemas)
      // A create the platform refused is sent again with everything, its jobs too.
      const retriedCreate = outbox.refused?.method === 'POST'
      // An edit sends back what it received, with only the user's changes laid over.
      const edit = current && !retriedCreate ? taskEditBody(current, value, schemas) : undefined
      const outcome = await trying(() =>
        outbox.save(
          () =>
            current
              ? tasks.queueUpdate(
                  { id: current.id, updatedAt: baseVersion },
                  (edit?.body ?? input) as unknown as TaskInput,
                )
              : tasks.queueCreate(newLocalId(), input),
          // A retried update is sent as the update is: without its jobs; a retried create keeps them.
          retriedCreate ? input : { ...input, jobs: undefined },
          formApi,
        ),
      )
      if (!outcome) return
      if (outcome.kind === 'refused') {
        const first = outcome.entry.issues?.[0]
        if (first) setTab(tabOf(first.path))
        return
      }
      // Changed jobs of an existing task go in their own call, after the task's update.
      if (current && edit?.jobs) {
        const jobs = edit.jobs as TaskInput['jobs']
        const jobsOutcome = await jobsSave.save(
          () => queueTaskJobs({ id: current.id, updatedAt: baseVersion, name: input.name }, jobs),
          { jobs },
          formApi,
        )
        if (jobsOutcome.kind === 'refused') return
      }
      await closeSaved(key, formApi, value, draft)
      if (current) await navigate({ to: '/tasks/$id', params: { id: current.id } })
      else await navigate({ to: '/tasks' })
    },
  })
  // A typed secret is never kept on the device as a draft: it goes only into the change that sends it.
  const draft = useFormDraft(form, key, withoutSecrets)
  const secretsSet = useMemo(
    () => Object.fromEntries(TASK_SECRETS.map((field) => [field, secretIsSet(current, field)])),
    [current],
  )
  useRefusalOnFields(form, refused)
  // Changed on the platform while open (the live stream updates `current`): what was typed stays.
  const changedOnPlatform = useChangedOnPlatform(current, toFormValues)
  const invalidTabs = useTabsWithErrors(form, tabOf)
  const tabClass =
    'border-b-2 border-transparent px-4 py-2 text-sm font-medium text-gray-700 hover:text-primary-800 data-[state=active]:border-primary-700 data-[state=active]:text-primary-800'
  const panelClass = 'data-[state=inactive]:hidden pt-4'

  return (
    <EntityFormFrame
      form={form}
      refused={outbox.refused ?? jobsSave.refused}
      changed={changedOnPlatform}
      draft={draft}
      saveError={saveError}
      onRestore={(restored) => form.reset(restored as TaskFormValues, { keepDefaultValues: true })}
      onCancel={() =>
        void (current
          ? navigate({ to: '/tasks/$id', params: { id: current.id } })
          : navigate({ to: '/tasks' }))
      }
      className="rounded-lg bg-white p-4 shadow-sm md:p-6"
      footerClassName="border-t pt-4"
    >
      <Tabs.Root value={tab} onValueChange={(v) => setTab(TABS.find((t) => t === v) ?? tab)}>
        <Tabs.List
          className="flex flex-wrap border-b"
          aria-label={intl.formatMessage({ id: 'task.tabs', defaultMessage: 'Task sections' })}
        >
          <Tabs.Trigger value="general" className={tabClass}>
            <FormattedMessage id="task.tab.general" defaultMessage="General" />
            {invalidTabs.has('general') && <TabErrorMark />}
          </Tabs.Trigger>
          <Tabs.Trigger value="actions" className={tabClass}>
            <FormattedMessage id="task.tab.actions" defaultMessage="Actions" />
            {invalidTabs.has('actions') && <TabErrorMark />}
          </Tabs.Trigger>
          <Tabs.Trigger value="notifications" className={tabClass}>
            <FormattedMessage id="task.tab.notifications" defaultMessage="Notifications" />
            {invalidTabs.has('notifications') && <TabErrorMark />}
          </Tabs.Trigger>
          {history && (
            <Tabs.Trigger value="history" className={tabClass}>
              <FormattedMessage id="task.tab.history" defaultMessage="History" />
            </Tabs.Trigger>
          )}
        </Tabs.List>
        {/* Every panel stays mounted so its fields keep validating and show their errors. */}
        <Tabs.Content value="general" forceMount className={panelClass}>
          <TaskGeneralTab form={form} secretsSet={secretsSet} />
          <TaskJobsSection form={form} />
        </Tabs.Content>
        <Tabs.Content value="actions" forceMount className={panelClass}>
          <TaskActionsTab form={form} schemas={schemas} />
        </Tabs.Content>
        <Tabs.Content value="notifications" forceMount className={panelClass}>
          <TaskNotificationsTab form={form} />
        </Tabs.Content>
        {history && (
          <Tabs.Content value="history" className={panelClass}>
            {history}
          </Tabs.Content>
        )}
      </Tabs.Root>
    </EntityFormFrame>
  )
}
