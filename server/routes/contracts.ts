import { Hono } from 'hono'
import {
  contractInputSchema,
  contractQuerySchema,
  credentialsQuerySchema,
  credentialsSchema,
  NO_CONTRACT,
  purchaseSchema,
} from '../../src/contract/contract'
import { failure, ok } from '../../src/contract/envelope'
import { MESSAGES } from '../../src/contract/messages'
import { type Ctx, stamp, type Vars } from '../context'
import { writeEvent } from '../events'
import { hasPermission, memberOf, productGuard, readableContracts, readerOf, route, userOf } from '../guard'
import { type Entity, Store } from '../store'
import { jsonBody, parseBody, parseWith } from '../validate'
import { idempotent, notFound } from '../writes'

/** Contracts, purchases and credentials of products (the purchase dialogs; v2 paths only). */
export const contracts = new Hono<{ Variables: Vars }>()
const store = (c: Ctx, kind: string) => new Store(c.get('platform').db, c.get('env'), kind)

/** Secrets never leave in full: short ones are hidden entirely, long ones keep their last four characters. */
export const mask = (value: string | number | boolean) => {
  const text = String(value)
  return text.length < 12 ? '••••••••' : `••••••••${text.slice(-4)}`
}
const maskedView = (entity: Entity) => ({
  ...entity,
  credentials: Object.fromEntries(
    Object.entries((entity.credentials ?? {}) as Record<string, string>).map(([k, v]) => [k, mask(v)]),
  ),
})

/** A 400 whose message is the first problem alone: the purchase dialog shows it as is. */
const firstIssue = (refused: { status: number; body: ReturnType<typeof failure> }) => {
  const issues = refused.body.error.issues ?? []
  return { status: refused.status, body: failure(issues[0]?.message ?? refused.body.message, { issues }) }
}

route(contracts, 'get', '/:env/products/v2/contracts', async (c) => {
  const query = parseWith(contractQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const { limit, offset, productId } = query.data
  // Only contracts of the caller's organizations, as publisher or as consumer (guard.ts).
  const { items, totalCount } = await store(c, 'contract').list({
    limit,
    offset,
    parentId: productId,
    where: readableContracts(readerOf(c)),
  })
  return c.json(ok(items, { totalCount, limit, offset }))
})

route(contracts, 'post', '/:env/products/v2/contracts', async (c) => {
  const user = userOf(c)
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => {
    const input = parseBody(contractInputSchema, body)
    if (!input.ok) return input
    // A contract for a product is made by its publisher.
    const refused = await productGuard(c, user, input.data.productId)
    if (refused) return refused
    const product = await store(c, 'product').get(input.data.productId)
    if (!product) return notFound('Product', input.data.productId)
    const consumer = await store(c, 'organization').get(input.data.consumerOrganizationId)
    if (!consumer) return notFound('Organization', input.data.consumerOrganizationId)
    const entity = await store(c, 'contract').insert(
      { ...input.data, dataPublisher: product.organizationName ?? null, dataConsumer: consumer.name },
      user.id,
      await stamp(c.get('platform').db, c.get('platform').now()),
    )
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'CONTRACT_CREATED',
      message: `Contract for ${String(product.name)} created`,
      targetType: 'contract',
      targetEntityId: entity.id,
      contractId: entity.id,
      productId: product.id,
      organizationId: consumer.id,
      category: 'contracts',
      actionMethod: 'POST',
    })
    return { status: 201, body: ok(entity) }
  })
})

/** A purchase of a product by an organization under one of the product's contracts for it, valid now. */
route(contracts, 'post', '/:env/products/v2/:id/purchase', async (c) => {
  const productId = c.req.param('id')
  const user = userOf(c)
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => {
    const input = parseBody(purchaseSchema, body ?? {})
    if (!input.ok) return firstIssue(input)
    const product = await store(c, 'product').get(productId)
    if (!product) return notFound('Product', productId)
    // An organization buys through its own members.
    if (!(await memberOf(c, user, input.data.organizationId)))
      return { status: 403, body: failure('organizationId: you are not a member of this organization') }
    const organization = await store(c, 'organization').get(input.data.organizationId)
    if (!organization) return notFound('Organization', input.data.organizationId)
    const contract = await store(c, 'contract').get(input.data.contractId)
    if (contract?.productId !== productId) return { status: 400, body: failure(NO_CONTRACT) }
    if (contract.consumerOrganizationId !== organization.id)
      return { status: 400, body: failure(`The contract is not for ${String(organization.name)}`) }
    const now = c.get('platform').now()
    if (Date.parse(String(contract.validFrom)) > now || Date.parse(String(contract.validTo)) < now)
      return { status: 400, body: failure('The contract is not valid now') }
    const purchase = await store(c, 'purchase').insert(
      { productId, ...input.data, organizationName: organization.name },
      user.id,
      await stamp(c.get('platform').db, now),
    )
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'PRODUCT_PURCHASED',
      message: `${String(product.name)} purchased by ${String(organization.name)}`,
      targetType: 'product',
      targetEntityId: productId,
      productId,
      contractId: contract.id,
      organizationId: organization.id,
      receiverId: organization.id,
      receiverName: String(organization.name),
      category: 'contracts',
      actionMethod: 'POST',
    })
    return { status: 201, body: ok(purchase) }
  })
})

route(contracts, 'get', '/:env/products/v2/auth-credentials', async (c) => {
  const query = parseWith(credentialsQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const { productId } = query.data
  const { items } = await store(c, 'credentials').list({ limit: 1, offset: 0, parentId: productId })
  return c.json(ok(items[0] ? maskedView(items[0]) : null))
})

/** Creating new credentials overwrites the previous ones (the form warns first). */
route(contracts, 'post', '/:env/products/v2/auth-credentials', async (c) => {
  const user = userOf(c)
  const body = await jsonBody(c.req.raw)
  const input = parseBody(credentialsSchema, body)
  if (!input.ok) return c.json(input.body, input.status)
  const { productId } = input.data
  if (!(await hasPermission(c.get('platform'), c.get('env'), user, 'products.update', productId)))
    return c.json(failure(MESSAGES.accessDenied), 403)
  const refused = await productGuard(c, user, productId)
  if (refused) return c.json(refused.body as object, refused.status as 403 | 404)
  return idempotent(c, user, body, async () => {
    if (!(await store(c, 'product').get(productId))) return notFound('Product', productId)
    const entity = await c.get('platform').db.transaction(async (tx) => {
      const t = new Store(tx, c.get('env'), 'credentials')
      await t.removeChildren('credentials', productId)
      return t.insert(input.data, user.id, await stamp(tx, c.get('platform').now()))
    })
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'CREDENTIALS_SAVED',
      message: 'Credentials saved; the previous ones were overwritten',
      targetType: 'product',
      targetEntityId: productId,
      productId,
      category: 'products',
      actionMethod: 'POST',
    })
    return { status: 201, body: ok(maskedView(entity)) }
  })
})
