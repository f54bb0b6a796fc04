import { declareCrud } from './crud'
import { MESSAGES } from './messages'
import { limit, requiredText, text } from './rules'
import { stamps } from './stamps'
import { z } from './zod'

/** The rules of an application's fields, one set for the console's form and the platform's validation. */
export const APPLICATION_RULES = {
  name: requiredText().max(200, limit(MESSAGES.tooLong)),
  description: text(2000),
} as const

/** An application users' permissions are granted in: a name and a description. */
const applicationInputSchema = z.object({
  name: APPLICATION_RULES.name,
  description: APPLICATION_RULES.description.optional().default(''),
})
/** What may be sent: the description left out is empty. */
export type ApplicationInput = z.input<typeof applicationInputSchema>

/** An application as the platform holds it. */
const applicationSchema = applicationInputSchema.extend({ id: z.string(), ...stamps })
export type Application = z.infer<typeof applicationSchema>

export const APPLICATIONS = declareCrud({
  name: 'applications',
  kind: 'application',
  label: 'Application',
  permission: 'applications',
  path: '/auth/applications',
  input: applicationInputSchema,
})
