import { APPLICATION_RULES, type Application } from '../../contract/application'
import { changedFields, mergeEdit } from '../../contract/edit-body'
import { PLATFORM_STAMPS } from '../../contract/platform-kept'
import { z } from '../../contract/zod'
import { parseFieldByField } from '../../ui/form/issued-values'

/** The application form: the platform's rules and messages, from contract/. */
export const applicationFormSchema = z.object(APPLICATION_RULES)
export type ApplicationFormValues = z.infer<typeof applicationFormSchema>

export const emptyApplication: ApplicationFormValues = { name: '', description: '' }

export function toApplicationValues(entity?: Partial<Application>): ApplicationFormValues {
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  return { name: text(entity?.name), description: text(entity?.description) }
}

/** The form's values as sent: trimmed by the rules where they pass, as typed where they do not. */
export function toApplicationInput(values: ApplicationFormValues): ApplicationFormValues {
  return parseFieldByField(applicationFormSchema.shape, values)
}

const STAMPS: readonly string[] = PLATFORM_STAMPS

/**
 * What an edit sends (a PUT): everything received, fields the console does not show included (a
 * platform may keep more of an application), with only what the user changed laid over.
 */
export function applicationEditBody(current: Application, values: ApplicationFormValues) {
  const changes = changedFields(toApplicationInput(toApplicationValues(current)), toApplicationInput(values))
  const received = Object.fromEntries(Object.entries(current).filter(([k]) => !STAMPS.includes(k)))
  return mergeEdit(received, changes)
}
