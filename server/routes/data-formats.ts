import { Hono } from 'hono'
import { dataFormatInputSchema } from '../../src/contract/data-format'
import type { Ctx, Vars } from '../context'
import { crud, type UsedBy } from '../crud'
import { isPlatformAdmin, organizationsOf, userOf } from '../guard'
import { Store } from '../store'

/** Data formats: read under /products/{version}/data-formats, written under /internal/products/{version}/data-formats. */
export const dataFormats = new Hono<{ Variables: Vars }>()

/** The products, sources and templates whose input or output format is this one. */
async function productsUsing(c: Ctx, id: string): Promise<UsedBy> {
  const user = userOf(c)
  const using = await new Store(c.get('platform').db, c.get('env'), 'product').referencing(
    ['outputFormat', 'inputFormats'],
    id,
  )
  const mine = isPlatformAdmin(user) ? undefined : new Set(await organizationsOf(c, user))
  // A product seen only by some organizations is counted for everyone, named only to those who may see it.
  const visible = (p: Record<string, unknown>) => {
    if (!mine) return true
    const visibility = p.visibility as { type?: string; visibleTo?: string[] } | undefined
    if ((visibility?.type ?? 'public') === 'public') return true
    if (typeof p.publisherOrganizationId === 'string' && mine.has(p.publisherOrganizationId)) return true
    return (visibility?.visibleTo ?? []).some((org) => mine.has(org))
  }
  return {
    count: using.length,
    items: using.filter(visible).map((p) => ({
      id: p.id,
      name: String(p.name ?? ''),
      type: typeof p.type === 'string' ? p.type : undefined,
    })),
  }
}

crud(dataFormats, {
  kind: 'data-format',
  label: 'Data format',
  permission: 'data-formats',
  readPath: '/:env/products/:version/data-formats',
  writePath: '/:env/internal/products/:version/data-formats',
  createSchema: dataFormatInputSchema,
  updateSchema: dataFormatInputSchema.partial(),
  itemList: true,
  unique: { field: 'dataFormatCode', message: 'A data format with the same code already exists.' },
  usedBy: { usedByPath: 'used-by', find: productsUsing },
})
