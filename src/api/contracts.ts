import { queryOptions } from '@tanstack/react-query'
import type { Contract, ContractInput, SavedCredentials } from '../contract/contract'
import { dataOrThrow, request } from '../core/http'
import { scopeKey } from '../core/keys'
import { defineResource } from './resource'

export type { Contract, ContractInput, SavedCredentials } from '../contract/contract'

// Contracts, purchases and credentials live on the v2 products path only.
const CONTRACTS = '/api/{env}/products/v2/contracts'
const CREDENTIALS = '/api/{env}/products/v2/auth-credentials'

declare module '../core/resources' {
  interface ResourceNames {
    contracts: true
  }
}

/** Contracts are created through the outbox; a product's contracts are read as one list. */
export const contracts = defineResource<Contract, ContractInput>({
  name: 'contracts',
  read: CONTRACTS,
  schema: (a) => a.contractAnswer,
  // The caller names the contract for people (product and consumer).
  label: (c) => c.productId,
})
export const CONTRACTS_RESOURCE = contracts.name

export const contractKeys = {
  all: contracts.keys.all,
  ofProduct: (productId: string) => [...contractKeys.all(), 'product', productId] as const,
  credentials: (productId: string) => [...scopeKey(), 'auth-credentials', productId] as const,
}

export const productContractsQuery = (productId: string) =>
  queryOptions({
    queryKey: contractKeys.ofProduct(productId),
    queryFn: async ({ signal }) => {
      const data = dataOrThrow(
        await request<Contract[]>({
          path: CONTRACTS,
          query: { productId, limit: 1000 },
          signal,
          schema: (a) => a.listOf(a.contractAnswer),
        }),
      )
      return Array.isArray(data) ? data : []
    },
  })

export type ContractState = 'upcoming' | 'valid' | 'expired'

/** Where a contract stands at a moment: not yet valid, valid, or past its end. */
export function contractState(
  contract: Pick<Contract, 'validFrom' | 'validTo'>,
  now = Date.now(),
): ContractState {
  if (Date.parse(contract.validFrom) > now) return 'upcoming'
  if (Date.parse(contract.validTo) < now) return 'expired'
  return 'valid'
}

/** The contracts a consumer can buy under now (the platform refuses any other). */
export function purchasableContracts(contracts: Contract[], organizationId: string, now = Date.now()) {
  return contracts.filter(
    (c) => c.consumerOrganizationId === organizationId && contractState(c, now) === 'valid',
  )
}

/** A purchase makes no sense later: sent now or not at all (online-only). */
export function purchaseProduct(
  productId: string,
  input: { organizationId: string; contractId: string },
  idempotencyKey: string,
) {
  return request<{ id: string }>({
    method: 'POST',
    path: '/api/{env}/products/v2/{id}/purchase',
    params: { id: productId },
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}

export const productCredentialsQuery = (productId: string) =>
  queryOptions({
    queryKey: contractKeys.credentials(productId),
    queryFn: async ({ signal }) =>
      dataOrThrow(
        await request<SavedCredentials | null>({ path: CREDENTIALS, query: { productId }, signal }),
      ) ?? null,
  })

/** Overwrites the product's credentials (online-only: secrets are not kept in the outbox). */
export function saveCredentials(
  productId: string,
  credentials: Record<string, string>,
  idempotencyKey: string,
) {
  return request<SavedCredentials>({
    method: 'POST',
    path: CREDENTIALS,
    body: { productId, credentials },
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}
