import { MESSAGES } from './messages'
import { limit, requiredText } from './rules'
import { z } from './zod'

/** The length is checked before the date's pattern runs. */
const isoDate = z
  .string()
  .max(64, limit())
  .pipe(z.iso.datetime({ offset: true }))

/** Personal access tokens: created, renewed, revoked, removed. The platform also requires future dates. */
export const tokenCreateSchema = z.object({
  name: requiredText().max(100, limit(MESSAGES.tooLong)),
  expirationDate: isoDate,
})
export const tokenRenewSchema = z.object({ expirationDate: isoDate.optional() })
export const tokenUpdateSchema = z.object({
  name: requiredText().max(100, limit(MESSAGES.tooLong)).optional(),
  expirationDate: isoDate.optional(),
})
export const tokenRefreshSchema = z.object({
  tokenId: requiredText().max(100, limit(MESSAGES.tooLong)),
  expirationDate: isoDate.optional(),
})

export const TOKEN_STATUSES = ['active', 'revoked', 'expired'] as const
export const accessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  expirationDate: z.string().optional(),
  /** Only in the answer that created it: shown once. */
  fullValue: z.string().optional(),
  shortValue: z.string(),
  status: z.enum(TOKEN_STATUSES),
  /** The user's first token; later ones are secondary. */
  primary: z.boolean(),
  secondary: z.boolean(),
  /** 'developer' for the seeded developer login tokens, 'personal' for generated ones. */
  kind: z.enum(['developer', 'personal']),
  createdAt: z.string(),
})
export type AccessToken = z.infer<typeof accessTokenSchema>

/** Renewing defaults to 24 hours from now. */
export const RENEW_HOURS = 24
/** Generated tokens: `otk_` and 32 base62 characters. */
export const TOKEN_PATTERN = /^otk_[0-9A-Za-z]{32}$/
