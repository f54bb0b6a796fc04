import { Hono } from 'hono'
import { failure, ok } from '../../src/contract/envelope'
import { MESSAGES } from '../../src/contract/messages'
import {
  metaBodySchema,
  productInputSchema,
  qualityAttributeSchema,
  taskBodySchema,
} from '../../src/contract/product'
import { requirePermission, requireUser } from '../auth'
import { type Ctx, stamp, type Vars } from '../context'
import { crud } from '../crud'
import { Store } from '../store'
import { isInvalidJson, jsonBody, parseWith } from '../validate'
import { idempotent, notFound } from '../writes'

export const products = new Hono<{ Variables: Vars }>()
const store = (c: Ctx, kind = 'product') => new Store(c.get('platform').db, c.get('env'), kind)

export const PROTOCOLS = ['http', 'https', 'mqtt', 'sftp', 'soap', 'amqp'].map((id) => ({
  id,
  name: id.toUpperCase(),
}))

products.get('/:env/products/:version/protocols', (c) =>
  c.json(ok(PROTOCOLS, { totalCount: PROTOCOLS.length })),
)

products.get('/:env/products/:version/quality-attributes', async (c) => {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const { items, totalCount } = await store(c, 'quality-attribute').list({
    limit: 1000,
    offset: 0,
    sort: { field: 'name', direction: 'asc' },
  })
  return c.json(ok(items, { totalCount }))
})

/** Meta and task data attached to a product (SPEC §7: PUT and GET /{id}/meta, /{id}/task). */
for (const part of ['meta', 'task'] as const) {
  products.get(`/:env/products/:version/:id/${part}`, async (c) => {
    const user = requireUser(c)
    if (user instanceof Response) return user
    const product = await store(c).get(c.req.param('id'))
    return product
      ? c.json(ok({ [part]: product[part] ?? {} }))
      : c.json(failure(`Product ${c.req.param('id')} was not found`), 404)
  })
  products.put(`/:env/products/:version/:id/${part}`, async (c) => {
    const id = c.req.param('id')
    const user = await requirePermission(c, 'products', 'update', id)
    if (user instanceof Response) return user
    const body = await jsonBody(c.req.raw)
    return idempotent(c, user, body, async () => {
      const input = parseWith(
        part === 'meta' ? metaBodySchema : taskBodySchema,
        isInvalidJson(body) ? undefined : body,
      )
      if (!input.ok) return input
      const current = await store(c).get(id)
      if (!current) return notFound('Product', id)
      const value = (input.data as Record<string, unknown>)[part]
      const entity = await store(c).replace(
        current,
        { ...current, [part]: value },
        user.id,
        stamp(c.get('platform').now()),
      )
      return { status: 200, body: ok({ [part]: entity[part] }) }
    })
  })
}

/** Quality attributes of a product: a sub-resource family (GET list, POST, GET and DELETE /{sub_id}). */
products.get('/:env/products/:version/:id/quality-attributes', async (c) => {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const { items, totalCount } = await store(c, 'quality-attribute').list({
    limit: 1000,
    offset: 0,
    parentId: c.req.param('id'),
  })
  return c.json(ok(items, { totalCount }))
})
products.post('/:env/products/:version/:id/quality-attributes', async (c) => {
  const productId = c.req.param('id')
  const user = await requirePermission(c, 'products', 'update', productId)
  if (user instanceof Response) return user
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => {
    const input = parseWith(qualityAttributeSchema, isInvalidJson(body) ? undefined : body)
    if (!input.ok) return input
    if (!(await store(c).get(productId))) return notFound('Product', productId)
    const entity = await store(c, 'quality-attribute').insert(
      { ...input.data, productId },
      user.id,
      stamp(c.get('platform').now()),
    )
    return { status: 201, body: ok(entity) }
  })
})
products.get('/:env/products/:version/:id/quality-attributes/:subId', async (c) => {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const entity = await store(c, 'quality-attribute').get(c.req.param('subId'))
  return entity?.productId === c.req.param('id')
    ? c.json(ok(entity))
    : c.json(failure(MESSAGES.notFound), 404)
})
products.delete('/:env/products/:version/:id/quality-attributes/:subId', async (c) => {
  const user = await requirePermission(c, 'products', 'update', c.req.param('id'))
  if (user instanceof Response) return user
  const s = store(c, 'quality-attribute')
  const entity = await s.get(c.req.param('subId'))
  if (entity?.productId !== c.req.param('id')) return c.json(failure(MESSAGES.notFound), 404)
  await s.remove(entity.id)
  return c.json(ok({ id: entity.id }))
})

/** Reads are public (anonymous visitors browse products, SPEC §1); the caller's own items come first. */
crud(products, {
  kind: 'product',
  label: 'Product',
  permission: 'products',
  readPath: '/:env/products/:version',
  createSchema: productInputSchema,
  updateSchema: productInputSchema.partial(),
  publicRead: true,
  mineFirst: true,
})
// Deletion lives on the public path, creation and update on the internal one (SPEC §7).
crud(products, {
  kind: 'product',
  label: 'Product',
  permission: 'products',
  writePath: '/:env/products/:version',
  createSchema: productInputSchema,
  updateSchema: productInputSchema.partial(),
  writes: ['delete'],
})
crud(products, {
  kind: 'product',
  label: 'Product',
  permission: 'products',
  writePath: '/:env/internal/products/:version',
  createSchema: productInputSchema,
  updateSchema: productInputSchema.partial(),
  updateMethods: ['patch'],
  writes: ['create', 'update'],
  unique: { field: 'productCode', message: MESSAGES.duplicateProductCode },
  enrich: async (c, fields) => {
    const organizationId = (fields.publisherOrganizationId as string | undefined) ?? c.get('organizationId')
    if (!organizationId) return fields
    const organization = await store(c, 'organization').get(organizationId)
    return {
      ...fields,
      publisherOrganizationId: organizationId,
      organizationName: organization?.name ?? fields.organizationName,
    }
  },
})
