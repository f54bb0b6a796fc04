import { Hono } from 'hono'
import { dataFormatInputSchema } from '../../src/contract/data-format'
import type { Vars } from '../context'
import { crud } from '../crud'

/** Data formats: read under /products/{version}/data-formats, written under /internal/products/{version}/data-formats. */
export const dataFormats = new Hono<{ Variables: Vars }>()

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
})
