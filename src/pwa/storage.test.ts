import { describe, expect, it } from 'vitest'
import { isQuotaError } from './storage'

describe('full storage detection', () => {
  it('knows the quota errors of IndexedDB and of Dexie', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true)
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true)
    expect(isQuotaError(new Error('other'))).toBe(false)
    expect(isQuotaError(null)).toBe(false)
  })
})
