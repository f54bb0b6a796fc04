import { APPLICATION_RULES } from '../../contract/application'
import { textForm } from '../resource/text-form'

/**
 * The application form, from the platform's rules of its fields (contract/): its values read from an
 * application, the input as sent, and the edit body (everything received, fields the console does not
 * show included, with only the user's change laid over).
 */
export const applicationForm = textForm(APPLICATION_RULES)

export const {
  schema: applicationFormSchema,
  toValues: toApplicationValues,
  toInput: toApplicationInput,
  editBody: applicationEditBody,
} = applicationForm
