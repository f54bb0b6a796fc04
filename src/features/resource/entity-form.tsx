import { useStore } from '@tanstack/react-form'
import { type ComponentType, type ReactNode, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import type { Entity, Resource } from '../../api/resource'
import type { OutboxEntry } from '../../outbox/db'
import { draftKey, removeDraft, useDraft } from '../../outbox/drafts'
import { newLocalId } from '../../outbox/outbox'
import type { SaveOutcome } from '../../outbox/save-outcome'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import { DraftKept, DraftOffer } from '../../ui/draft-offer'
import { onSave, useAppForm } from '../../ui/form/fields'
import { checkChangedOnly } from '../../ui/form/issued-values'
import {
  PlatformRefusal,
  platformErrorListeners,
  useOutboxSave,
  useRefusalOnFields,
} from '../../ui/form/platform-answer'
import { saveErrorOf } from '../../ui/save-error'
import { ChangedOnPlatform, useChangedOnPlatform } from './changed-on-platform'
import type { TextForm } from './text-form'

/**
 * A save queued in the outbox that this device could not keep (its storage full, the outbox's code not
 * loaded offline, or another error): said above the form by `DraftOffer`, while what was typed stays in
 * the form. The failure is the save's outcome, never the screen's: the form is not replaced.
 */
export function useSaveError() {
  const [saveError, setSaveError] = useState<string | null>(null)
  /** The save's outcome, or `undefined` when it could not be queued (the error is then shown). */
  const trying = async (save: () => Promise<SaveOutcome>): Promise<SaveOutcome | undefined> => {
    try {
      return await save()
    } catch (error) {
      setSaveError(saveErrorOf(error))
      return undefined
    }
  }
  return { saveError, trying }
}

type FormStore<V> = {
  get: () => { values: V; isDirty: boolean }
  subscribe: (listener: (state: { values: V; isDirty: boolean }) => void) => { unsubscribe: () => void }
}

/** The draft of an open form: kept on this device while the user types, offered back on reopening. */
export function useFormDraft<V>(form: { store: FormStore<V> }, key: string, kept?: (values: V) => V) {
  const values = useStore(form.store, (s) => s.values)
  const dirty = useStore(form.store, (s) => s.isDirty)
  return useDraft(key, values, dirty, kept)
}

/**
 * After a save was sent or kept to send: its draft goes, and the form is clean (leaving it asks
 * nothing) while it still shows what was saved until the next screen replaces it. The form's own
 * defaults stay: were the saved values made its defaults, its next render would take them for
 * changed defaults of an untouched form and put the old ones back (an emptied create form).
 */
export async function closeSaved<V>(
  key: string,
  formApi: { reset: (values: V, options: { keepDefaultValues: boolean }) => void },
  value: V,
  draft: { release: () => void },
) {
  await removeDraft(key)
  formApi.reset(value, { keepDefaultValues: true })
  draft.release()
}

interface FrameForm {
  state: { isSubmitting: boolean }
  handleSubmit: () => Promise<void>
  AppForm: ComponentType<{ children?: ReactNode }>
  SubmitButton: ComponentType<{ children: ReactNode }>
}

/**
 * The frame of every entity form: the platform's refusal of its last save, the fields changed on the
 * platform while it was open, the offer of a saved draft (and a save this device could not keep),
 * the form's own fields, Save and Cancel, and the line that says the draft is kept.
 */
export function EntityFormFrame({
  form,
  refused,
  changed,
  draft,
  saveError,
  onRestore,
  onCancel,
  className = 'max-w-2xl rounded-lg bg-white p-6 shadow-sm',
  footerClassName,
  children,
}: {
  form: FrameForm
  /** The change the platform refused, whose errors are on the fields. */
  refused: OutboxEntry | undefined
  /** Fields changed on the platform since the form opened (`useChangedOnPlatform`). */
  changed: string[]
  draft: ReturnType<typeof useDraft<unknown>>
  saveError: string | null
  onRestore: (values: unknown) => void
  onCancel: () => void
  className?: string
  footerClassName?: string
  children: ReactNode
}) {
  return (
    <form noValidate onSubmit={onSave(form)} className={className}>
      <PlatformRefusal entry={refused} />
      <ChangedOnPlatform fields={changed} />
      <DraftOffer draft={draft} saveError={saveError} onRestore={onRestore} />
      {children}
      <div className={cn('mt-6 flex flex-wrap gap-2', footerClassName)}>
        <form.AppForm>
          <form.SubmitButton>
            <FormattedMessage id="common.save" defaultMessage="Save" />
          </form.SubmitButton>
        </form.AppForm>
        <Button variant="secondary" onClick={onCancel} className="shrink-0 whitespace-nowrap">
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </Button>
      </div>
      <DraftKept draft={draft} />
    </form>
  )
}

/**
 * The form of a plain resource (its fields all text, `textForm`), for create and edit: a save is
 * queued in the outbox, never lost (`useOutboxSave`: a refusal lands on the fields, offline the change
 * waits), an edit sends back what it received with only the user's change laid over, the draft is
 * kept while typing, and `done` leads back once saved or cancelled. `frame` is `EntityFormFrame`'s.
 */
export function useEntityForm<T extends Entity, V extends Record<string, string>>({
  resource,
  draftName,
  current,
  refused,
  values: text,
  done,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any list parameters
  resource: Resource<T, any, any>
  /** The form's name in its draft's key. */
  draftName: string
  current?: T
  refused?: OutboxEntry
  values: TextForm<V>
  done: () => Promise<unknown>
}) {
  const key = draftKey(draftName, current?.id ?? 'new')
  const { saveError, trying } = useSaveError()
  // The version the user started from: a newer one on the platform surfaces as a conflict.
  const [baseVersion] = useState(current?.updatedAt)
  const outbox = useOutboxSave(refused)
  // A value the platform issued is checked only once the user changes it.
  const [validator] = useState(() =>
    checkChangedOnly(text.schema, current ? text.toValues(current) : undefined),
  )
  const form = useAppForm({
    defaultValues: current ? text.toValues(current) : text.empty,
    validators: { onChange: validator, onSubmit: validator },
    listeners: platformErrorListeners,
    onSubmit: async ({ value, formApi }) => {
      // An edit sends back what it received, with only the user's changes laid over.
      const input = current ? text.editBody(current, value) : text.toInput(value)
      const outcome = await trying(() =>
        outbox.save(
          () =>
            current
              ? resource.queueUpdate({ ...current, updatedAt: baseVersion }, input)
              : resource.queueCreate(newLocalId(), input),
          input,
          formApi,
        ),
      )
      if (!outcome || outcome.kind === 'refused') return
      await closeSaved(key, formApi, value, draft)
      await done()
    },
  })
  useRefusalOnFields(form, refused)
  // Changed on the platform while open (the live stream updates `current`): what was typed stays.
  const changed = useChangedOnPlatform(current, text.toValues)
  const draft = useFormDraft<V>(form, key)
  return {
    form,
    frame: {
      form,
      refused: outbox.refused,
      changed,
      draft,
      saveError,
      onRestore: (restored: unknown) => form.reset(restored as V, { keepDefaultValues: true }),
      onCancel: () => void done(),
    },
  }
}
