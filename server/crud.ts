import type { Hono } from 'hono'
import type { z } from 'zod'
import { failure, ok, type UsedBy } from '../src/contract/envelope'
import { listQuerySchema, parseIn, parseSort } from '../src/contract/list-query'
import { type Ctx, stamp, type Vars } from './context'
import { writeEvent } from './events'
import { type Condition, route, userOf } from './guard'
import { definitionChange } from './run-state'
import { viewResult } from './secrets'
import { type Entity, Store } from './store'
import { entityTooLarge, isInvalidJson, jsonBody, parseBody, parseWith } from './validate'

/** A taken code names its field, so the console shows the refusal on it. */
const taken = (unique: { field: string; message: string }) => ({
  issues: [{ path: unique.field, message: unique.message, rule: 'unique' }],
})

import { idempotent, notFound, staleVersion, updateEntity } from './writes'

export interface CrudOptions {
  /** Entity kind in the store, e.g. 'product'. */
  kind: string
  /** Human name in messages and events, e.g. 'Product'. */
  label: string
  /** Permission type, e.g. 'products' (permissions are named `type.action`). */
  permission: string
  /** Paths for reading (list, get) and writing (create, update, delete). */
  readPath?: string
  writePath?: string
  createSchema: z.ZodType<Record<string, unknown>>
  /** PATCH bodies (the fields given are merged into the entity). */
  updateSchema: z.ZodType<Record<string, unknown>>
  /** PUT bodies (default createSchema): the task update has no jobs and keeps the status when absent. */
  putSchema?: z.ZodType<Record<string, unknown>>
  /** Update methods offered (PUT or PATCH). */
  updateMethods?: ('put' | 'patch')[]
  /** Writes offered on writePath (default all). */
  writes?: ('create' | 'update' | 'delete')[]
  /** Reads without a token (the public product list). */
  publicRead?: boolean
  /** List answers as `{ itemList }` (data formats, tokens). */
  itemList?: boolean
  /** Items created by the caller first (the product list). */
  mineFirst?: boolean
  /** The rows of the list the caller may read (the route's read rule, guard.ts); all when absent. */
  readable?: (c: Ctx) => Condition
  /** The code field that must be unique in an environment, with the 409 message. */
  unique?: { field: string; message: string }
  /** Refuses a body for a reason the schema cannot express (the task update without `jobs`). */
  refuse?: (body: unknown) => string | undefined
  /** Fills fields from the request (the organization of a new product). */
  enrich?: (
    c: Ctx,
    fields: Record<string, unknown>,
    current?: Entity,
  ) => Promise<Record<string, unknown>> | Record<string, unknown>
  /** Refuses a write by who is asking (a product's publisher must be one of the caller's organizations). */
  authorize?: (
    c: Ctx,
    user: { id: string; role: string },
    fields: Record<string, unknown>,
    current?: Entity,
  ) => Promise<{ status: number; body: unknown } | undefined>
  /**
   * What else points at an entity: a delete of an entity in use is refused (409) with what uses it,
   * and `usedByPath` answers the same question before the user asks for a delete.
   */
  usedBy?: { usedByPath: string; find: (c: Ctx, id: string) => Promise<UsedBy> }
  /** Entity kinds whose rows hang under this one (parent id) and go with it on delete. */
  children?: string[]
  /**
   * Fields the platform changes by itself (a task's status and last run): the definition is versioned
   * apart from them, and a change meets a conflict only over what it touches (run-state.ts).
   */
  runState?: readonly string[]
  /** Adds what reads show beside the stored fields (a task's next slot). */
  present?: (c: Ctx, items: Entity[]) => Promise<Entity[]>
  /** What an answer shows of an entity (a task without its secrets); the entity as stored by default. */
  view?: (entity: Entity) => Entity
}

export type { UsedBy } from '../src/contract/envelope'

/** A catalog item as a list of users names it. */
export const usedByItem = (item: Entity) => ({
  id: item.id,
  name: String(item.name ?? ''),
  type: typeof item.type === 'string' ? item.type : undefined,
})

/** `createdByName` and `updatedByName` beside the ids, from the platform's users. */
async function withUserNames(c: Ctx, entity: Entity): Promise<Entity> {
  const ids = [entity.createdBy, entity.updatedBy].filter((id): id is string => typeof id === 'string')
  if (ids.length === 0) return entity
  const rows = await c
    .get('platform')
    .db.query<{ id: string; first_name: string | null; last_name: string | null; email: string }>(
      'SELECT id, first_name, last_name, email FROM users WHERE id = ANY($1)',
      [ids],
    )
  const nameOf = (id: unknown) => {
    const row = rows.find((r) => r.id === id)
    return row ? [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email : undefined
  }
  return { ...entity, createdByName: nameOf(entity.createdBy), updatedByName: nameOf(entity.updatedBy) }
}

/** A unique index refused the row: another request took the code in the meantime. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'

const eventType = (label: string, what: string) => `${label.toUpperCase().replace(/\W+/g, '_')}_${what}`

/** List, get, create, update and delete of one entity family, with the platform's write rules. */
export function crud(app: Hono<{ Variables: Vars }>, o: CrudOptions) {
  const store = (c: Ctx) => new Store(c.get('platform').db, c.get('env'), o.kind)
  const view = o.view ?? ((entity: Entity) => entity)
  /** Every answer that carries the entity, a conflict's too, shows it through `view`. */
  const shown = async (answer: Promise<{ status: number; body: unknown }>) => viewResult(await answer, view)
  const event = (c: Ctx, user: { id: string } & object, what: string, entity: Entity, method: string) =>
    writeEvent(c.get('platform'), c.get('env'), user as never, {
      type: eventType(o.label, what),
      message: `${o.label} ${String(entity.name ?? entity.id)} ${what.toLowerCase()}`,
      targetType: o.kind,
      targetEntityId: entity.id,
      category: o.permission,
      actionMethod: method,
      productId: o.kind === 'product' ? entity.id : (entity.productId as string | undefined),
      taskId: o.kind === 'task' ? entity.id : undefined,
      organizationId: c.get('organizationId'),
    })

  if (o.readPath) {
    route(app, 'get', o.readPath, async (c) => {
      const query = parseWith(listQuerySchema, c.req.query())
      if (!query.ok) return c.json(query.body, 400)
      const q = query.data
      const { items, totalCount } = await store(c).list({
        limit: q.limit,
        offset: q.offset,
        q: q.q,
        sort: parseSort(q),
        types: parseIn(q.type),
        statuses: parseIn(q.status),
        organizationId: q.organizationId,
        mineFirst: o.mineFirst ? c.get('user')?.id : undefined,
        publicOnly: o.publicRead && !c.get('user'),
        where: o.readable?.(c),
      })
      const pagination = { totalCount, limit: q.limit, offset: q.offset }
      const presented = o.present ? await o.present(c, items) : items
      const rows = presented.map(view)
      return c.json(o.itemList ? { ...ok({ itemList: rows }), pagination } : ok(rows, pagination))
    })
    route(app, 'get', `${o.readPath}/:id`, async (c) => {
      const stored = await store(c).get(c.req.param('id'))
      const entity = stored && o.present ? (await o.present(c, [stored]))[0] : stored
      const hidden =
        o.publicRead &&
        !c.get('user') &&
        ((entity?.visibility as { type?: string } | undefined)?.type ?? 'public') !== 'public'
      if (!entity || hidden) return c.json(failure(`${o.label} ${c.req.param('id')} was not found`), 404)
      // Signed-in readers see who created and changed it by name; anonymous visitors see no names.
      return c.json(ok(view(c.get('user') ? await withUserNames(c, entity) : entity)))
    })
  }
  const usedBy = o.usedBy
  if (usedBy && o.readPath)
    route(app, 'get', `${o.readPath}/:id/${usedBy.usedByPath}`, async (c) => {
      const id = c.req.param('id') ?? ''
      if (!(await store(c).get(id))) return c.json(notFound(o.label, id).body as object, 404)
      return c.json(ok(await usedBy.find(c, id)))
    })

  if (!o.writePath) return
  const writePath = o.writePath
  const writes = o.writes ?? ['create', 'update', 'delete']

  const create = async (c: Ctx, user: ReturnType<typeof userOf>, body: unknown) => {
    const input = parseBody(o.createSchema, body)
    if (!input.ok) return input
    const fields = o.enrich ? await o.enrich(c, input.data) : input.data
    const refused = await o.authorize?.(c, user, fields)
    if (refused) return refused
    const s = store(c)
    const code = o.unique && fields[o.unique.field]
    if (o.unique && typeof code === 'string' && (await s.codeTaken(code)))
      return { status: 409, body: failure(o.unique.message, taken(o.unique)) }
    let entity: Entity
    const at = await stamp(c.get('platform').db, c.get('platform').now())
    try {
      entity = await s.insert(
        o.runState ? { ...fields, ...definitionChange(undefined, at, true) } : fields,
        user.id,
        at,
      )
    } catch (error) {
      if (o.unique && isUniqueViolation(error))
        return { status: 409, body: failure(o.unique.message, taken(o.unique)) }
      throw error
    }
    await event(c, user, 'CREATED', entity, 'POST')
    return { status: 201, body: ok(entity) }
  }

  if (writes.includes('create'))
    route(app, 'post', writePath, async (c) => {
      const user = userOf(c)
      const body = await jsonBody(c.req.raw)
      return idempotent(c, user, body, () => shown(create(c, user, body)))
    })
  for (const method of writes.includes('update') ? (o.updateMethods ?? ['put', 'patch']) : []) {
    route(app, method, `${writePath}/:id`, async (c) => {
      const id = c.req.param('id') ?? ''
      const user = userOf(c)
      const body = await jsonBody(c.req.raw)
      return idempotent(c, user, body, () => shown(update()))
      async function update() {
        const refused = isInvalidJson(body) ? undefined : o.refuse?.(body)
        if (refused) return { status: 400, body: failure(refused) }
        const s = store(c)
        // A field the write's schema does not take (a read-only field sent back as read) changes
        // nothing, so it touches nothing: it must not make the change stale against the run state.
        const schema = method === 'put' ? (o.putSchema ?? o.createSchema) : o.updateSchema
        const accepted = (schema as { shape?: Record<string, unknown> }).shape
        const touched =
          typeof body === 'object' && body !== null
            ? Object.keys(body).filter((field) => !accepted || Object.hasOwn(accepted, field))
            : []
        const touchesState = touched.some((f) => o.runState?.includes(f))
        let written: Awaited<ReturnType<typeof updateEntity>>
        try {
          written = await updateEntity(
            c,
            s,
            id,
            o.label,
            user.id,
            async (current, at) => {
              const input = parseBody(
                method === 'put' ? (o.putSchema ?? o.createSchema) : o.updateSchema,
                body,
              )
              if (!input.ok) return input
              const merged = { ...current, ...input.data }
              const tooLarge = entityTooLarge(o.label, merged)
              if (tooLarge) return tooLarge
              const fields = o.enrich ? await o.enrich(c, merged, current) : merged
              const denied = await o.authorize?.(c, user, fields, current)
              if (denied) return denied
              const code = o.unique && fields[o.unique.field]
              if (o.unique && typeof code === 'string' && (await s.codeTaken(code, id)))
                return {
                  status: 409,
                  body: failure(o.unique.message, { ...taken(o.unique), result: current }),
                }
              return {
                fields: o.runState ? { ...fields, ...definitionChange(current, at, touchesState) } : fields,
              }
            },
            o.runState && { fields: o.runState, touched },
          )
        } catch (error) {
          if (o.unique && isUniqueViolation(error))
            return {
              status: 409,
              body: failure(o.unique.message, { ...taken(o.unique), result: await s.get(id) }),
            }
          throw error
        }
        if (!('entity' in written)) return written
        const { entity } = written
        await event(c, user, 'UPDATED', entity, method.toUpperCase())
        return { status: 200, body: ok(entity) }
      }
    })
  }

  if (writes.includes('delete'))
    route(app, 'delete', `${writePath}/:id`, async (c) => {
      const id = c.req.param('id') ?? ''
      const user = userOf(c)
      return idempotent(c, user, null, () => shown(remove()))
      async function remove() {
        const s = store(c)
        const current = await s.get(id)
        if (!current) return notFound(o.label, id)
        // A delete touches the definition: a run since the version it was based on is no conflict.
        const stale = staleVersion(c, current, o.runState && { fields: o.runState, touched: [] })
        if (stale) return stale
        const used = await o.usedBy?.find(c, id)
        // Not under `result`: that is the current entity of a conflict, and this is no conflict.
        if (used && used.count > 0)
          return {
            status: 409,
            body: {
              ...failure(`${o.label} is in use and cannot be deleted.`),
              usedBy: used,
            },
          }
        await s.remove(id)
        for (const kind of o.children ?? []) await s.removeChildren(kind, id)
        await event(c, user, 'DELETED', current, 'DELETE')
        return { status: 200, body: ok({ id }) }
      }
    })
}
