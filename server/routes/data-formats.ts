import { Hono } from 'hono'
import { dataFormatInputSchema } from '../../src/contract/data-format'
import type { Ctx, Vars } from '../context'
import { crud, type UsedBy, usedByItem } from '../crud'
import { visibleItems } from '../guard'
import { Store } from '../store'

/** Data formats: read under /products/{version}/data-formats, written under /internal/products/{version}/data-formats. */
export const dataFormats = new Hono<{ Variables: Vars }>()

/** The products, sources and templates whose input or output format is this one. */
async function productsUsing(c: Ctx, id: string): Promise<UsedBy> {
  const using = await new Store(c.get('platform').db, c.get('env'), 'product').referencing(
    ['outputFormat', 'inputFormats'],
    id,
  )
  // A product seen only by some organizations is counted for everyone, named only to those who may see it.
  return { count: using.length, items: (await visibleItems(c, using)).map(usedByItem) }
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
