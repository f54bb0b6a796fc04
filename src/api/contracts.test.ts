import { describe, expect, it } from 'vitest'
import { type Contract, contractState, purchasableContracts } from './contracts'

const now = Date.parse('2026-06-15T12:00:00Z')
const contract = (id: string, consumer: string, from: string, to: string): Contract => ({
  id,
  productId: 'p1',
  consumerOrganizationId: consumer,
  validFrom: from,
  validTo: to,
})

describe('contracts', () => {
  it('tells whether a contract is not yet valid, valid or expired', () => {
    expect(contractState(contract('a', 'o', '2026-07-01', '2027-01-01'), now)).toBe('upcoming')
    expect(contractState(contract('a', 'o', '2026-01-01', '2026-12-31'), now)).toBe('valid')
    expect(contractState(contract('a', 'o', '2025-01-01', '2026-06-15T11:59:59Z'), now)).toBe('expired')
  })

  it('offers for a purchase only the consumer organization’s contracts valid now', () => {
    const list = [
      contract('mine-valid', 'o1', '2026-01-01', '2026-12-31'),
      contract('mine-expired', 'o1', '2025-01-01', '2025-12-31'),
      contract('mine-upcoming', 'o1', '2026-07-01', '2026-12-31'),
      contract('other-valid', 'o2', '2026-01-01', '2026-12-31'),
    ]
    expect(purchasableContracts(list, 'o1', now).map((c) => c.id)).toEqual(['mine-valid'])
    expect(purchasableContracts(list, '', now)).toEqual([])
  })
})
