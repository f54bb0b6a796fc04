import { Hono } from 'hono'
import { dataFormatInputSchema } from '../../src/contract/data-format'
import { failure, ok } from '../../src/contract/envelope'
import { listQuerySchema, parseSort } from '../../src/contract/list-query'
import { requirePermission } from '../auth'
import { type Ctx, stamp, type Vars } from '../context'
import { writeEvent } from '../events'
import { Store } from '../store'
import { isInvalidJson, jsonBody, parseWith } from '../validate'
import { idempotent, notFound, staleVersion } from '../writes'

const store = (c: Ctx) => new Store(c.get('platform').db, c.get('env'), 'data-format')

/** Data formats: read under /products/{version}/data-formats, written under /internal/products/{version}/data-formats. */
export const dataFormats = new Hono<{ Variables: Vars }>()

dataFormats.get('/:env/products/:version/data-formats', async (c) => {
  const query = parseWith(listQuerySchema, c.req.query())
  if (!query.ok) return c.json(query.body, 400)
  const { items, totalCount } = await store(c).list({
    ...query.data,
    sort: parseSort(query.data),
    types: undefined,
  })
  return c.json({
    ...ok({ itemList: items }),
    pagination: { totalCount, limit: query.data.limit, offset: query.data.offset },
  })
})

dataFormats.get('/:env/products/:version/data-formats/:id', async (c) => {
  const entity = await store(c).get(c.req.param('id'))
  return entity ? c.json(ok(entity)) : c.json(failure(`Data format ${c.req.param('id')} was not found`), 404)
})

const WRITE = '/:env/internal/products/:version/data-formats'

dataFormats.post(WRITE, async (c) => {
  const user = await requirePermission(c, 'data-formats', 'create')
  if (user instanceof Response) return user
  const body = await jsonBody(c.req.raw)
  return idempotent(c, user, body, async () => {
    if (isInvalidJson(body)) return { status: 400, body: failure('The body is not valid JSON') }
    const input = parseWith(dataFormatInputSchema, body)
    if (!input.ok) return input
    const s = store(c)
    if (await s.codeTaken(input.data.dataFormatCode))
      return { status: 409, body: failure('A data format with the same code already exists.') }
    const entity = await s.insert(input.data, user.id, stamp(c.get('platform').now()))
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'DATA_FORMAT_CREATED',
      message: `Data format ${entity.name} created`,
      targetType: 'data-format',
      targetEntityId: entity.id,
      category: 'data-formats',
      actionMethod: 'POST',
    })
    return { status: 201, body: ok(entity) }
  })
})

for (const method of ['put', 'patch'] as const) {
  dataFormats[method](`${WRITE}/:id`, async (c) => {
    const id = c.req.param('id')
    const user = await requirePermission(c, 'data-formats', 'update', id)
    if (user instanceof Response) return user
    const body = await jsonBody(c.req.raw)
    return idempotent(c, user, body, async () => {
      if (isInvalidJson(body)) return { status: 400, body: failure('The body is not valid JSON') }
      const s = store(c)
      const current = await s.get(id)
      if (!current) return notFound('Data format', id)
      const stale = staleVersion(c, current)
      if (stale) return stale
      const schema = method === 'put' ? dataFormatInputSchema : dataFormatInputSchema.partial()
      const input = parseWith(schema, body)
      if (!input.ok) return input
      const next = { ...current, ...input.data }
      if (input.data.dataFormatCode && (await s.codeTaken(input.data.dataFormatCode, id))) {
        return {
          status: 409,
          body: failure('A data format with the same code already exists.', { result: current }),
        }
      }
      const entity = await s.replace(current, next, user.id, stamp(c.get('platform').now()))
      await writeEvent(c.get('platform'), c.get('env'), user, {
        type: 'DATA_FORMAT_UPDATED',
        message: `Data format ${entity.name} updated`,
        targetType: 'data-format',
        targetEntityId: id,
        category: 'data-formats',
        actionMethod: method.toUpperCase(),
      })
      return { status: 200, body: ok(entity) }
    })
  })
}

dataFormats.delete(`${WRITE}/:id`, async (c) => {
  const id = c.req.param('id')
  const user = await requirePermission(c, 'data-formats', 'delete', id)
  if (user instanceof Response) return user
  return idempotent(c, user, null, async () => {
    const s = store(c)
    const current = await s.get(id)
    if (!current) return notFound('Data format', id)
    const stale = staleVersion(c, current)
    if (stale) return stale
    await s.remove(id)
    await writeEvent(c.get('platform'), c.get('env'), user, {
      type: 'DATA_FORMAT_DELETED',
      message: `Data format ${String(current.name)} deleted`,
      targetType: 'data-format',
      targetEntityId: id,
      category: 'data-formats',
      actionMethod: 'DELETE',
    })
    return { status: 200, body: ok({ id }) }
  })
})
