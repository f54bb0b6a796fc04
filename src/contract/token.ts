import { z } from 'zod'
import { requiredText } from './rules'

const future = z.iso.datetime({ offset: true })

/** Personal access tokens (SPEC §3 Access token, §4 transitions). */
export const tokenCreateSchema = z.object({ name: requiredText().max(100), expirationDate: future })
export const tokenRenewSchema = z.object({ expirationDate: future.optional() })
export const tokenUpdateSchema = z.object({
  name: requiredText().max(100).optional(),
  expirationDate: future.optional(),
})
export const tokenRefreshSchema = z.object({
  tokenId: requiredText().max(100),
  expirationDate: future.optional(),
})

export interface AccessToken {
  id: string
  name: string
  expirationDate?: string
  /** Only in the answer that created it: shown once. */
  fullValue?: string
  shortValue: string
  status: 'active' | 'revoked' | 'expired'
  primary: boolean
  secondary: boolean
  createdAt: string
}

/** SPEC §4: renewing defaults to 24 hours from now. */
export const RENEW_HOURS = 24
