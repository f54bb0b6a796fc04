import type { APIRequestContext } from '@playwright/test'
import { platform, uniqueCode } from './support'

export const ORGANIZATIONS = {
  first: 'o0000000-0000-4000-8000-000000000001',
  second: 'o0000000-0000-4000-8000-000000000002',
}

/** A fresh product of a type on the platform, so tests never share state. */
export async function createProduct(request: APIRequestContext, type: string, name?: string) {
  const code = uniqueCode(type.replace(/-/g, '_').toUpperCase())
  const { status, json } = await platform<{ id: string; name: string; updatedAt: string }>(
    request,
    'POST',
    '/api/sandbox/internal/products/v2',
    {
      name: name ?? `Commerce ${code}`,
      productCode: code,
      type,
      publisherOrganizationId: ORGANIZATIONS.first,
    },
  )
  if (status !== 201 || !json.result)
    throw new Error(`product not created: ${status} ${JSON.stringify(json)}`)
  return json.result
}

export async function createContract(
  request: APIRequestContext,
  productId: string,
  consumerOrganizationId: string,
  validFrom: Date,
  validTo: Date,
) {
  const { status, json } = await platform<{ id: string }>(
    request,
    'POST',
    '/api/sandbox/products/v2/contracts',
    {
      productId,
      consumerOrganizationId,
      validFrom: validFrom.toISOString(),
      validTo: validTo.toISOString(),
    },
  )
  if (status !== 201 || !json.result) throw new Error(`contract not created: ${status}`)
  return json.result
}

export async function organizationName(request: APIRequestContext, id: string) {
  const { json } = await platform<{ id: string; name: string }[]>(
    request,
    'GET',
    '/api/sandbox/auth/organizations',
  )
  return (json.result ?? []).find((o) => o.id === id)?.name as string
}

export const DAY = 864e5
