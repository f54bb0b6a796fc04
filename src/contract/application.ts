import { declareCrud } from './crud'
import { requiredText } from './rules'
import { z } from './zod'

/** An application users' permissions are granted in: a name and a description. */
const applicationInputSchema = z.object({
  name: requiredText().max(200),
  description: z.string().max(2000).optional().default(''),
})

export const APPLICATIONS = declareCrud({
  name: 'applications',
  kind: 'application',
  label: 'Application',
  permission: 'applications',
  path: '/auth/applications',
  input: applicationInputSchema,
})
