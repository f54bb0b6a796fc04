import { Hono } from 'hono'
import { contractInputSchema, credentialsSchema, purchaseSchema } from '../../src/contract/contract'
import { failure, ok } from '../../src/contract/envelope'
import { listQuerySchema } from '../../src/contract/list-query'
import { requirePermission, requireUser } from '../auth'
import { type Ctx, stamp, type Vars } from '../context'
import { writeEvent } from '../events'
import { Store } from '../store'
import { isInvalidJson, jsonBody, parseWith } from '../validate'
import { idempotent, notFound } from '../writes'

/** Contracts, purchases and credentials of products (SPEC §2 purchase dialogs, §7 v2 paths). */
export const contracts = new Hono<{ Variables: Vars }>()
const store = (c: Ctx, kind: string) => new Store(c.get('platform').db, c.get('env'), kind)
const mask = (value: string) => (value.length <= 4 ? '••••' : `${value.slice(0, 2)}••••${value.slice(-2)}`)

contracts.get('/:env/products/v2/contracts', async (c) => {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const query = parseWith(
    listQuerySchema.extend({ productId: listQuerySchema.shape.organizationId }),
    c.req.query(),
  )
  if (!query.ok) return c.json(query.body, 400)
  const { items, totalCount } = await store(c, 'contract').list({
    ...query.data,
    parentId: query.data.productId,
    sort: undefined,
  })
  return c.json(ok(items, { totalCount, limit: query.data.limit, offset: query.data.offset }))
})

contracts.post('/:env/products/v2/contracts', async (c) => {
  const user = await requirePermission(c, 'contracts', 'create')
  if (user instanceof Response) return user
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => {
    const input = parseWith(contractInputSchema, isInvalidJson(body) ? undefined : body)
    if (!input.ok) return input
    const product = await store(c, 'product').get(input.data.productId)
    if (!product) return notFound('Product', input.data.productId)
    const consumer = await store(c, 'organization').get(input.data.consumerOrganizationId)
    if (!consumer) return notFound('Organization', input.data.consumerOrganizationId)
    const entity = await store(c, 'contract').insert(
      { ...input.data, dataPublisher: product.organizationName, dataConsumer: consumer.name },
      user.id,
      stamp(c.get('platform').now()),
    )
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'CONTRACT_CREATED',
      message: `Contract for ${String(product.name)} created`,
      targetType: 'contract',
      targetEntityId: entity.id,
      contractId: entity.id,
      productId: product.id,
      category: 'contracts',
      actionMethod: 'POST',
    })
    return { status: 201, body: ok(entity) }
  })
})

contracts.post('/:env/products/v2/:id/purchase', async (c) => {
  const productId = c.req.param('id')
  const user = await requirePermission(c, 'products', 'read', productId)
  if (user instanceof Response) return user
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => {
    const input = parseWith(purchaseSchema, isInvalidJson(body) ? {} : (body ?? {}))
    if (!input.ok) return input
    const product = await store(c, 'product').get(productId)
    if (!product) return notFound('Product', productId)
    const contract = await store(c, 'contract').get(input.data.contractId)
    if (contract?.productId !== productId) return { status: 400, body: failure('No contract selected.') }
    const purchase = await store(c, 'purchase').insert(
      { productId, ...input.data },
      user.id,
      stamp(c.get('platform').now()),
    )
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'PRODUCT_PURCHASED',
      message: `${String(product.name)} purchased`,
      targetType: 'product',
      targetEntityId: productId,
      productId,
      contractId: contract.id,
      organizationId: input.data.organizationId,
      category: 'contracts',
      actionMethod: 'POST',
    })
    return { status: 201, body: ok(purchase) }
  })
})

contracts.get('/:env/products/v2/auth-credentials', async (c) => {
  const user = requireUser(c)
  if (user instanceof Response) return user
  const productId = c.req.query('productId')
  if (!productId) return c.json(failure('productId is required'), 400)
  const { items } = await store(c, 'credentials').list({ limit: 1, offset: 0, parentId: productId })
  const found = items[0]
  const credentials = (found?.credentials ?? {}) as Record<string, string>
  return c.json(
    ok(
      found
        ? {
            ...found,
            credentials: Object.fromEntries(Object.entries(credentials).map(([k, v]) => [k, mask(v)])),
          }
        : null,
    ),
  )
})

/** Creating new credentials overwrites the previous ones (SPEC §8 warning). */
contracts.post('/:env/products/v2/auth-credentials', async (c) => {
  const user = await requirePermission(c, 'products', 'update')
  if (user instanceof Response) return user
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => {
    const input = parseWith(credentialsSchema, isInvalidJson(body) ? undefined : body)
    if (!input.ok) return input
    if (!(await store(c, 'product').get(input.data.productId)))
      return notFound('Product', input.data.productId)
    const s = store(c, 'credentials')
    const { items } = await s.list({ limit: 10, offset: 0, parentId: input.data.productId })
    for (const old of items) await s.remove(old.id)
    const entity = await s.insert(input.data, user.id, stamp(c.get('platform').now()))
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'CREDENTIALS_SAVED',
      message: 'Credentials saved',
      targetType: 'product',
      targetEntityId: input.data.productId,
      productId: input.data.productId,
      category: 'products',
      actionMethod: 'POST',
    })
    return { status: 201, body: ok({ id: entity.id, productId: input.data.productId }) }
  })
})
