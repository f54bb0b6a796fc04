import { describe, expect, it } from 'vitest'
import { VALID_TO_BEFORE_FROM, validateContract } from './contract-schema'

describe('contract form', () => {
  it('needs a consumer and both dates', () => {
    expect(validateContract({ consumerOrganizationId: '', validFrom: '', validTo: '' })).toEqual({
      consumerOrganizationId: 'This field is required',
      validFrom: 'This field is required',
      validTo: 'This field is required',
    })
  })

  it('takes an end on or after the start, refuses one before it', () => {
    const base = { consumerOrganizationId: 'o1', validFrom: '2026-01-10' }
    expect(validateContract({ ...base, validTo: '2026-01-10' })).toEqual({})
    expect(validateContract({ ...base, validTo: '2027-01-01' })).toEqual({})
    expect(validateContract({ ...base, validTo: '2026-01-09' })).toEqual({ validTo: VALID_TO_BEFORE_FROM })
  })
})
