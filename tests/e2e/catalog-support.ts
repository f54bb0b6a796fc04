import type { APIRequestContext } from '@playwright/test'
import { platform, uniqueCode } from './support'

export interface CatalogItem {
  id: string
  name: string
  productCode: string
  type: string
  status?: string
  updatedAt: string
  visibility?: { type: string; visibleTo: string[] }
  [field: string]: unknown
}

/** Creates a catalog entity on the platform directly, as a second client would. */
export async function createItem(
  request: APIRequestContext,
  type: string,
  fields: Record<string, unknown> = {},
) {
  const code = uniqueCode(type.replace(/-/g, '_').toUpperCase())
  const { status, json } = await platform<CatalogItem>(request, 'POST', '/api/sandbox/internal/products/v2', {
    name: `Item ${code}`,
    productCode: code,
    type,
    status: 'published',
    visibility: { type: 'public', visibleTo: [] },
    ...fields,
  })
  if (status !== 201 || !json.result) throw new Error(`create failed: ${status} ${json.message}`)
  return json.result
}

/** The catalog entities with a product code, as the platform holds them. */
export async function findByCode(request: APIRequestContext, code: string) {
  const { json } = await platform<CatalogItem[]>(
    request,
    'GET',
    `/api/sandbox/products/v2?limit=100&q=${code}`,
  )
  return (json.result ?? []).filter((p) => p.productCode === code)
}
