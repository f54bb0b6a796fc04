import { Hono } from 'hono'
import { failure, ok } from '../../src/contract/envelope'
import { listQuerySchema } from '../../src/contract/list-query'
import { MESSAGES } from '../../src/contract/messages'
import {
  metaBodySchema,
  productInputSchema,
  qualityAttributeSchema,
  taskBodySchema,
} from '../../src/contract/product'
import { type AuthUser, type Ctx, stamp, type Vars } from '../context'
import { crud, type UsedBy, usedByItem } from '../crud'
import { writeEvent } from '../events'
import {
  mayReadContract,
  publisherGuard,
  readableProducts,
  readerOf,
  route,
  userOf,
  visibleItems,
} from '../guard'
import { type Entity, Store } from '../store'
import { jsonBody, parseBody, parseWith } from '../validate'
import { idempotent, notFound, updateEntity } from '../writes'

export const products = new Hono<{ Variables: Vars }>()
const store = (c: Ctx, kind = 'product') => new Store(c.get('platform').db, c.get('env'), kind)
/** Both API versions answer (v1 and v2); anything else is an unknown path. */
export const PRODUCTS = '/:env/products/:version{v[12]}'
const ONE = `${PRODUCTS}/:id`

export const PROTOCOLS = ['http', 'https', 'mqtt', 'sftp', 'soap', 'amqp'].map((id) => ({
  id,
  name: id.toUpperCase(),
}))

/** An event for a change to a product's parts (meta, task, quality attributes, files). */
export const productEvent = (c: Ctx, user: AuthUser, product: Entity, type: string, message: string) =>
  writeEvent(c.get('platform'), c.get('env'), user, {
    type,
    message,
    targetType: 'product',
    targetEntityId: product.id,
    productId: product.id,
    category: 'products',
    actionMethod: c.req.method,
    organizationId: c.get('organizationId'),
  })

route(products, 'get', `${PRODUCTS}/protocols`, (c) =>
  c.json(ok(PROTOCOLS, { totalCount: PROTOCOLS.length })),
)

/** Every quality attribute name in use (the product field and the sub-resource), for autocomplete. */
route(products, 'get', `${PRODUCTS}/quality-attributes`, async (c) => {
  const query = parseWith(
    listQuerySchema.extend({ limit: listQuerySchema.shape.limit.default(100) }),
    c.req.query(),
  )
  if (!query.ok) return c.json(query.body, 400)
  // Only the names of products the caller may read (and of their quality attributes).
  const params: unknown[] = [c.get('env'), `%${(query.data.q ?? '').replace(/[%_\\]/g, '\\$&')}%`]
  const readable = readableProducts(readerOf(c))((value) => `$${params.push(value)}`)
  const rows = await c.get('platform').db.query<{ name: string; count: number }>(
    `SELECT name, count(*)::int AS count FROM (
       SELECT q.name FROM entities q JOIN entities ON entities.env = q.env AND entities.kind = 'product'
         AND entities.id = q.parent_id
       WHERE q.env = $1 AND q.kind = 'quality-attribute' AND ${readable}
       UNION ALL
       SELECT jsonb_array_elements_text(data->'qualityAttributes') FROM entities
       WHERE env = $1 AND kind = 'product' AND jsonb_typeof(data->'qualityAttributes') = 'array' AND ${readable}
     ) names WHERE name ILIKE $2 GROUP BY name ORDER BY name`,
    params,
  )
  const { limit, offset } = query.data
  const items = rows.slice(offset, offset + limit).map((r) => ({ id: r.name, ...r }))
  return c.json(ok(items, { totalCount: rows.length, limit, offset }))
})

/** Meta and task data attached to a product (PUT and GET /{id}/meta, /{id}/task). */
for (const part of ['meta', 'task'] as const) {
  route(products, 'get', `${ONE}/${part}`, async (c) => {
    const id = c.req.param('id') ?? ''
    const product = await store(c).get(id)
    return product
      ? c.json(ok({ [part]: product[part] ?? {} }))
      : c.json(notFound('Product', id).body as object, 404)
  })
  route(products, 'put', `${ONE}/${part}`, async (c) => {
    const id = c.req.param('id') ?? ''
    const user = userOf(c)
    const body = await jsonBody(c.req.raw)
    return idempotent(c, user, body, async () => {
      const written = await updateEntity(c, store(c), id, 'Product', user.id, async (current) => {
        const input = parseBody(part === 'meta' ? metaBodySchema : taskBodySchema, body)
        if (!input.ok) return input
        return { fields: { ...current, [part]: (input.data as Record<string, unknown>)[part] } }
      })
      if (!('entity' in written)) return written
      const { entity } = written
      await productEvent(
        c,
        user,
        entity,
        `PRODUCT_${part.toUpperCase()}_SAVED`,
        `${part} of ${entity.name} saved`,
      )
      return { status: 200, body: ok({ [part]: entity[part], updatedAt: entity.updatedAt }) }
    })
  })
}

/** Quality attributes of a product: a sub-resource family (GET list, POST, GET and DELETE /{sub_id}). */
route(products, 'get', `${ONE}/quality-attributes`, async (c) => {
  const productId = c.req.param('id') ?? ''
  if (!(await store(c).get(productId))) return c.json(notFound('Product', productId).body as object, 404)
  const { items, totalCount } = await store(c, 'quality-attribute').list({
    limit: 1000,
    offset: 0,
    parentId: productId,
    sort: { field: 'name', direction: 'asc' },
  })
  return c.json(ok(items, { totalCount }))
})
route(products, 'post', `${ONE}/quality-attributes`, async (c) => {
  const productId = c.req.param('id') ?? ''
  const user = userOf(c)
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => {
    const product = await store(c).get(productId)
    if (!product) return notFound('Product', productId)
    const input = parseBody(qualityAttributeSchema, body)
    if (!input.ok) return input
    const entity = await store(c, 'quality-attribute').insert(
      { ...input.data, productId },
      user.id,
      await stamp(c.get('platform').db, c.get('platform').now()),
    )
    await productEvent(c, user, product, 'QUALITY_ATTRIBUTE_ADDED', `Quality attribute ${entity.name} added`)
    return { status: 201, body: ok(entity) }
  })
})
route(products, 'get', `${ONE}/quality-attributes/:subId`, async (c) => {
  const entity = await store(c, 'quality-attribute').get(c.req.param('subId') ?? '')
  return entity?.productId === c.req.param('id')
    ? c.json(ok(entity))
    : c.json(failure(MESSAGES.notFound), 404)
})
route(products, 'delete', `${ONE}/quality-attributes/:subId`, async (c) => {
  const productId = c.req.param('id') ?? ''
  const user = userOf(c)
  return idempotent(c, user, null, async () => {
    const s = store(c, 'quality-attribute')
    const entity = await s.get(c.req.param('subId') ?? '')
    const product = await store(c).get(productId)
    if (!product || entity?.productId !== productId) return { status: 404, body: failure(MESSAGES.notFound) }
    await s.remove(entity.id)
    await productEvent(
      c,
      user,
      product,
      'QUALITY_ATTRIBUTE_REMOVED',
      `Quality attribute ${entity.name} removed`,
    )
    return { status: 200, body: ok({ id: entity.id }) }
  })
})

/** A product's fields that name another catalog item by id (a source's connector, template, transformers). */
const PRODUCT_REFERENCES = [
  'dataSource',
  'dataSourceTemplate',
  'connector',
  'selectedTransformers',
  'supportedTransformers',
]

/**
 * What uses a catalog item: the items that name it, and the contracts made for it. An item is
 * counted for everyone and named only to those who may see it (a contract by its consumer).
 */
async function itemUsers(c: Ctx, id: string): Promise<UsedBy> {
  const using = (await store(c).referencing(PRODUCT_REFERENCES, id)).filter((p) => p.id !== id)
  const contracts = await store(c, 'contract').referencing(['productId'], id)
  const product = await store(c).get(id)
  const reader = c.get('reader')
  return {
    count: using.length + contracts.length,
    items: [
      ...(await visibleItems(c, using)).map(usedByItem),
      ...contracts
        .filter((k) => !reader || mayReadContract(reader, k, product))
        .map((k) => ({
          id: k.id,
          name: String(k.dataConsumer ?? ''),
          type: 'contract',
        })),
    ],
  }
}

const productCrud = {
  kind: 'product',
  label: 'Product',
  permission: 'products',
  createSchema: productInputSchema,
  updateSchema: productInputSchema.partial(),
}
/**
 * Reads are public (anonymous visitors browse public products); each caller lists the products they
 * may read (guard.ts `mayRead`), their own items first.
 */
crud(products, {
  ...productCrud,
  readPath: PRODUCTS,
  publicRead: true,
  mineFirst: true,
  readable: (c) => readableProducts(readerOf(c)),
  usedBy: { usedByPath: 'used-by', find: itemUsers },
})
// Deletion lives on the public path (with the product's parts), creation and update on the internal one.
crud(products, {
  ...productCrud,
  writePath: PRODUCTS,
  writes: ['delete'],
  usedBy: { usedByPath: 'used-by', find: itemUsers },
  children: ['quality-attribute', 'file', 'credentials'],
})
crud(products, {
  ...productCrud,
  writePath: '/:env/internal/products/:version{v[12]}',
  updateMethods: ['patch'],
  writes: ['create', 'update'],
  unique: { field: 'productCode', message: MESSAGES.duplicateProductCode },
  // The publisher is one of the caller's organizations: it cannot be moved to another.
  // (Membership of the current publisher is the route guard's: ROUTE_RULES marks the update `product`.)
  authorize: async (c, _user, fields, current) => {
    const publisher = fields.publisherOrganizationId as string | undefined
    return publisher === current?.publisherOrganizationId
      ? undefined
      : publisherGuard(c, userOf(c), publisher)
  },
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
