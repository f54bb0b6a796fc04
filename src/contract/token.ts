import { requiredText } from './rules'
import { z } from './zod'

const isoDate = z.iso.datetime({ offset: true })

/** Personal access tokens (SPEC §3 Access token, §4 transitions). The platform also requires future dates. */
export const tokenCreateSchema = z.object({ name: requiredText().max(100), expirationDate: isoDate })
export const tokenRenewSchema = z.object({ expirationDate: isoDate.optional() })
export const tokenUpdateSchema = z.object({
  name: requiredText().max(100).optional(),
  expirationDate: isoDate.optional(),
})
export const tokenRefreshSchema = z.object({
  tokenId: requiredText().max(100),
  expirationDate: isoDate.optional(),
})

export interface AccessToken {
  id: string
  name: string
  expirationDate?: string
  /** Only in the answer that created it: shown once. */
  fullValue?: string
  shortValue: string
  status: 'active' | 'revoked' | 'expired'
  /** The user's first token; later ones are secondary. */
  primary: boolean
  secondary: boolean
  /** 'developer' for the seeded developer login tokens, 'personal' for generated ones. */
  kind: 'developer' | 'personal'
  createdAt: string
}

/** SPEC §4: renewing defaults to 24 hours from now. */
export const RENEW_HOURS = 24
/** Generated tokens: `otk_` and 32 base62 characters. */
export const TOKEN_PATTERN = /^otk_[0-9A-Za-z]{32}$/
