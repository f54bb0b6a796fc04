import { declareCrud } from './crud'
import { requiredText } from './rules'
import { stamps } from './stamps'
import { z } from './zod'

/** An application users' permissions are granted in: a name and a description. */
export const applicationInputSchema = z.object({
  name: requiredText().max(200),
  description: z.string().max(2000).optional().default(''),
})
export type ApplicationInput = z.input<typeof applicationInputSchema>
export const applicationSchema = applicationInputSchema.extend({ id: z.string(), ...stamps })
export type Application = z.infer<typeof applicationSchema>

export const APPLICATIONS = declareCrud({
  name: 'applications',
  kind: 'application',
  label: 'Application',
  permission: 'applications',
  path: '/auth/applications',
  input: applicationInputSchema,
})
