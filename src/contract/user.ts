import { stamps } from './stamps'
import { z } from './zod'

/** A permission `type.action` (lowercased), for one entity or all, in one application or the default one. */
export const permissionSchema = z.object({
  name: z.string(),
  entityId: z.string().nullish(),
  applicationId: z.string().nullish(),
})
export type Permission = z.infer<typeof permissionSchema>

/** Who is signed in, as the platform knows them. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  role: z.string(),
})
export type AuthUser = z.infer<typeof authUserSchema>

/** `/me`: the user, their permissions and their applications. */
export const userSchema = authUserSchema.extend({
  role: z.string().optional(),
  permissions: z.array(permissionSchema).optional(),
  applications: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
})
export type User = z.infer<typeof userSchema>

export const roleSchema = z.object({ id: z.string().optional(), name: z.string() })
export type Role = z.infer<typeof roleSchema>

export const organizationSchema = z.object({ id: z.string(), name: z.string(), ...stamps })
export type Organization = z.infer<typeof organizationSchema>

/** An environment's configs: the orchestrator auth flag and the applications, and whatever else it holds. */
export const platformConfigSchema = z.looseObject({
  orchestratorAuth: z.string().optional(),
  productsApiAuthAppId: z.string().optional(),
  orchestratorAppId: z.string().optional(),
})
export type PlatformConfig = z.infer<typeof platformConfigSchema>
