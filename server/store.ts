import { randomBytes, randomUUID } from 'node:crypto'
import { stampOf, stampSql } from './context'
import type { Db } from './db'
import { MINIMAL } from './minimal-profile'

export interface Entity {
  id: string
  createdAt: string
  updatedAt: string
  createdBy?: string
  updatedBy?: string
  [field: string]: unknown
}

export interface ListOptions {
  limit: number
  offset: number
  sort?: { field: string; direction: 'asc' | 'desc' }
  types?: string[]
  statuses?: string[]
  organizationId?: string
  parentId?: string
  /** Only these ids (the caller's organizations). */
  ids?: string[]
  q?: string
  /** Items of this user first (the product list). */
  mineFirst?: string
  /** Only what anyone may see: no visibility, or visibility type public (anonymous visitors). */
  publicOnly?: boolean
  /** Only the rows a condition keeps (the caller's read rule, guard.ts). */
  where?: (param: (value: unknown) => string) => string
  /** Fields left out of each row by the database (a file's content): never loaded into memory. */
  without?: string[]
}

const COLUMNS: Record<string, string> = {
  updatedAt: 'updated_at',
  createdAt: 'created_at',
  name: 'name',
  code: 'code',
  productCode: 'code',
  dataFormatCode: 'code',
  type: 'type',
  status: 'status',
}

interface Row {
  data: Entity
}

/** Indexed columns taken from an entity's fields. */
function columns(entity: Entity) {
  const s = (v: unknown) => (typeof v === 'string' && v ? v : null)
  return {
    type: s(entity.type),
    code: s(entity.productCode) ?? s(entity.dataFormatCode) ?? s(entity.code),
    name: s(entity.name),
    status: s(entity.status),
    organization_id: s(entity.publisherOrganizationId) ?? s(entity.organizationId),
    parent_id: s(entity.productId) ?? s(entity.taskId) ?? s(entity.userId),
  }
}

const ID_PREFIX: Record<string, string> = { product: 'prd', task: 'tsk', 'data-format': 'fmt', file: 'fil' }

/**
 * A new entity's id: a uuid; under the minimal profile a short text of another form (`prd-…`), as a
 * platform of another make may issue, so the console is tried with ids it cannot take for uuids.
 */
export function newId(kind: string): string {
  if (!MINIMAL) return randomUUID()
  return `${ID_PREFIX[kind] ?? kind.slice(0, 3)}-${randomBytes(5).toString('hex')}`
}

/**
 * The LIMIT and OFFSET of a page. The limit is written into the statement (a whole number, checked):
 * PostgreSQL plans a prepared statement once for every call only when its plan does not depend on the
 * values, and a limit it cannot see makes it assume a tenth of the rows and plan anew each call. The
 * first page has no OFFSET; a later page's offset is a parameter, so paging on adds no new statement.
 */
export function pageSql(limit: number, offset: number, params: unknown[]): string {
  if (!Number.isSafeInteger(limit) || limit < 0 || !Number.isSafeInteger(offset) || offset < 0)
    throw new Error(`not a page: limit ${limit}, offset ${offset}`)
  if (offset === 0) return `LIMIT ${limit}`
  params.push(offset)
  return `LIMIT ${limit} OFFSET $${params.length}`
}

export class Store {
  constructor(
    private readonly db: Db,
    readonly env: string,
    readonly kind: string,
  ) {}

  async list(options: ListOptions): Promise<{ items: Entity[]; totalCount: number }> {
    const where = ['env = $1', 'kind = $2']
    const params: unknown[] = [this.env, this.kind]
    const add = (sql: string, value: unknown) => {
      params.push(value)
      where.push(sql.replace('?', `$${params.length}`))
    }
    if (options.types?.length) add('type = ANY(?)', options.types)
    if (options.statuses?.length) add('status = ANY(?)', options.statuses)
    if (options.organizationId) add('organization_id = ?', options.organizationId)
    if (options.parentId) add('parent_id = ?', options.parentId)
    if (options.ids) add('id = ANY(?)', options.ids)
    if (options.publicOnly) where.push("coalesce(data->'visibility'->>'type', 'public') = 'public'")
    if (options.where)
      where.push(
        options.where((value) => {
          params.push(value)
          return `$${params.length}`
        }),
      )
    if (options.q)
      add(
        "(name ILIKE ? OR code ILIKE $X OR data->>'description' ILIKE $X)".replace(
          /\$X/g,
          `$${params.length + 1}`,
        ),
        `%${options.q.replace(/[%_\\]/g, '\\$&')}%`,
      )
    const field = COLUMNS[options.sort?.field ?? 'updatedAt'] ?? 'updated_at'
    const direction = options.sort?.direction === 'asc' ? 'ASC' : 'DESC'
    let order = `${field} ${direction} NULLS LAST, id`
    const filterParams = params.length
    if (options.mineFirst) {
      params.push(options.mineFirst)
      order = `(created_by = $${params.length}) DESC, ${order}`
    }
    const filter = where.join(' AND ')
    const fields = (options.without ?? []).filter((f) => /^\w+$/.test(f))
    const data = fields.length ? `data - '{${fields.join(',')}}'::text[] AS data` : 'data'
    // The page and the count in one statement (one round trip); a page past the end has no row to
    // carry the count, so it is asked alone.
    const pageParams = [...params]
    const page = pageSql(options.limit, options.offset, pageParams)
    const rows = await this.db.query<Row & { total: number }>(
      `SELECT ${data}, (SELECT count(*)::int FROM entities WHERE ${filter}) AS total
       FROM entities WHERE ${filter} ORDER BY ${order} ${page}`,
      pageParams,
    )
    const total =
      rows[0]?.total ??
      (options.offset > 0
        ? ((
            await this.db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM entities WHERE ${filter}`,
              params.slice(0, filterParams),
            )
          )[0]?.n ?? 0)
        : 0)
    return { items: rows.map((r) => r.data), totalCount: total }
  }

  async get(id: string): Promise<Entity | undefined> {
    const [row] = await this.db.query<Row>(
      'SELECT data FROM entities WHERE env = $1 AND kind = $2 AND id = $3',
      [this.env, this.kind, id],
    )
    return row?.data
  }

  /**
   * The entity as stored now and a new version stamp to write it with (context.ts `stamp`), in one
   * round trip: an update reads, then writes with a new stamp. The stamp is taken even when there is
   * nothing to write (no such entity, a stale If-Match); stamps only need to increase, not be used.
   */
  async getStamped(id: string, now: number): Promise<{ entity: Entity | undefined; at: string }> {
    const [row] = await this.db.query<{ data: Entity | null; last: string | number }>(
      `WITH stamp AS (${stampSql('$4')})
       SELECT (SELECT data FROM entities WHERE env = $1 AND kind = $2 AND id = $3) AS data, stamp.last
       FROM stamp`,
      [this.env, this.kind, id, Math.floor(now)],
    )
    return { entity: row?.data ?? undefined, at: stampOf(row?.last, now) }
  }

  async insert(
    fields: Record<string, unknown>,
    userId: string | undefined,
    at: string,
    id: string = newId(this.kind),
  ): Promise<Entity> {
    const entity: Entity = {
      ...fields,
      id,
      createdAt: at,
      updatedAt: at,
      createdBy: userId,
      updatedBy: userId,
    }
    const c = columns(entity)
    await this.db.query(
      `INSERT INTO entities (env, kind, id, data, type, code, name, status, organization_id, parent_id, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
      [
        this.env,
        this.kind,
        id,
        entity,
        c.type,
        c.code,
        c.name,
        c.status,
        c.organization_id,
        c.parent_id,
        userId ?? null,
        at,
      ],
    )
    return entity
  }

  /**
   * Writes the entity over `current` in one statement that also checks the version: only while the
   * stored row is still the `current` that was read (its updatedAt). Undefined when another write came
   * first; the caller reads again (and answers 412 to an If-Match). PostgreSQL's row lock makes the
   * check and the write one step, so of parallel writes on one version exactly one succeeds.
   */
  async replace(
    current: Entity,
    fields: Record<string, unknown>,
    userId: string | undefined,
    at: string,
  ): Promise<Entity | undefined> {
    const entity: Entity = {
      ...fields,
      id: current.id,
      createdAt: current.createdAt,
      createdBy: current.createdBy,
      updatedAt: at,
      updatedBy: userId,
    }
    const c = columns(entity)
    const rows = await this.db.query(
      `UPDATE entities SET data = $4, type = $5, code = $6, name = $7, status = $8, organization_id = $9, parent_id = $10, updated_at = $11
       WHERE env = $1 AND kind = $2 AND id = $3 AND data->>'updatedAt' = $12 RETURNING id`,
      [
        this.env,
        this.kind,
        current.id,
        entity,
        c.type,
        c.code,
        c.name,
        c.status,
        c.organization_id,
        c.parent_id,
        at,
        current.updatedAt,
      ],
    )
    return rows.length === 1 ? entity : undefined
  }

  async remove(id: string): Promise<void> {
    await this.db.query('DELETE FROM entities WHERE env = $1 AND kind = $2 AND id = $3', [
      this.env,
      this.kind,
      id,
    ])
  }

  /** Rows of another kind that hang under `parentId` (a product's files, a task's runs). */
  async removeChildren(kind: string, parentId: string): Promise<void> {
    await this.db.query('DELETE FROM entities WHERE env = $1 AND kind = $2 AND parent_id = $3', [
      this.env,
      kind,
      parentId,
    ])
  }

  /** Entities of this kind that point at `id` through one of `fields` (a text field or a list of ids). */
  async referencing(fields: string[], id: string): Promise<Entity[]> {
    const tests = fields.map(
      (_, i) =>
        `data->>$${i + 4} = $3 OR (jsonb_typeof(data->$${i + 4}) = 'array' AND data->$${i + 4} @> jsonb_build_array($3::text))`,
    )
    const rows = await this.db.query<Row>(
      `SELECT data FROM entities WHERE env = $1 AND kind = $2 AND (${tests.join(' OR ')}) ORDER BY name NULLS LAST, id`,
      [this.env, this.kind, id, ...fields],
    )
    return rows.map((r) => r.data)
  }

  async codeTaken(code: string, exceptId?: string): Promise<boolean> {
    // The kind is written into the statement (kinds are the platform's own words), so that the
    // partial unique index of the kind's codes serves the prepared statement's one plan.
    if (!/^[a-z-]+$/.test(this.kind)) throw new Error(`not a kind: ${this.kind}`)
    const rows = await this.db.query(
      `SELECT 1 FROM entities WHERE env = $1 AND kind = '${this.kind}' AND code = $2 AND id <> $3`,
      [this.env, code, exceptId ?? ''],
    )
    return rows.length > 0
  }
}
