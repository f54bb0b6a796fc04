import { randomUUID } from 'node:crypto'
import { PRODUCT_TYPES, VISIBILITY_TYPES } from '../src/contract/product'
import { TASK_STATUSES } from '../src/contract/task'
import { hashToken } from './auth'
import type { Platform } from './context'
import type { Db } from './db'
import { DECLARED } from './declared'
import { hashPassword } from './passwords'
import { newId } from './store'

/** Deterministic pseudo-random numbers: the same demo data on every new database. */
function prng(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

async function insertMany(db: Db, table: string, columns: string[], rows: unknown[][]) {
  for (let i = 0; i < rows.length; i += 200) {
    const batch = rows.slice(i, i + 200)
    const params: unknown[] = []
    const values = batch.map((row) => `(${row.map((v) => `$${params.push(v)}`).join(', ')})`)
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`, params)
  }
}

export const DEMO = {
  orchestratorAppId: 'a0000000-0000-4000-8000-000000000001',
  productsAppId: 'a0000000-0000-4000-8000-000000000002',
  admin: {
    id: 'u0000000-0000-4000-8000-000000000001',
    email: 'admin@example.com',
    password: 'Demo-admin-1',
    token: 'demo-admin-token',
  },
  operator: {
    id: 'u0000000-0000-4000-8000-000000000002',
    email: 'operator@example.com',
    password: 'Demo-operator-1',
    token: 'demo-operator-token',
  },
  /** Sees products, data formats and events, and nothing of tasks: where orchestrator auth is on, the task screens refuse. */
  viewer: {
    id: 'u0000000-0000-4000-8000-000000000003',
    email: 'viewer@example.com',
    password: 'Demo-viewer-1',
    token: 'demo-viewer-token',
  },
}

/**
 * Which organizations each demo user belongs to: some, never all (the admin acts in the others as a
 * platform administrator). The same list is in migration 002 for demo databases made before it.
 */
export const MEMBERSHIPS: Record<string, string[]> = {
  [DEMO.admin.id]: [1, 2, 3, 4].map((i) => `o0000000-0000-4000-8000-00000000000${i}`),
  [DEMO.operator.id]: [1, 2].map((i) => `o0000000-0000-4000-8000-00000000000${i}`),
  [DEMO.viewer.id]: [3].map((i) => `o0000000-0000-4000-8000-00000000000${i}`),
}

const ORGANIZATIONS = [
  'Ääneseudun Energia',
  'Aalto Logistics',
  'Örebro Data',
  'Équipe Nord',
  'Zeta Analytics',
  'Bergen Maritime',
]
const PERMISSION_TYPES = [
  'products',
  'purchases',
  'data-formats',
  'tasks',
  ...DECLARED.map((d) => d.permission),
  'users',
  'tokens',
  'events',
  'contracts',
]

export async function seed(platform: Pick<Platform, 'db' | 'now' | 'publicUrl'>) {
  const { db } = platform
  const rand = prng(20261122)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T
  const now = platform.now()
  const iso = (ms: number) => new Date(ms).toISOString()

  await insertMany(
    db,
    'users',
    ['id', 'email', 'password_hash', 'first_name', 'last_name', 'role'],
    [
      [DEMO.admin.id, DEMO.admin.email, hashPassword(DEMO.admin.password), 'Ada', 'Admin', 'admin'],
      [
        DEMO.operator.id,
        DEMO.operator.email,
        hashPassword(DEMO.operator.password),
        'Otto',
        'Operator',
        'operator',
      ],
      [DEMO.viewer.id, DEMO.viewer.email, hashPassword(DEMO.viewer.password), 'Vera', 'Viewer', 'viewer'],
    ],
  )
  const adminPermissions = PERMISSION_TYPES.flatMap((t) =>
    ['read', 'create', 'update', 'delete', 'execute'].map((a) => `${t}.${a}`),
  )
  const operatorPermissions = [
    ...PERMISSION_TYPES.map((t) => `${t}.read`),
    'tasks.create',
    'tasks.update',
    'tasks.execute',
    'data-formats.create',
    'data-formats.update',
    'products.create',
    'products.update',
    'tokens.create',
    'tokens.update',
    'tokens.delete',
    'purchases.create',
    ...DECLARED.flatMap((d) =>
      d.grants.operator.filter((a) => a !== 'read').map((a) => `${d.permission}.${a}`),
    ),
  ]
  await insertMany(
    db,
    'permissions',
    ['user_id', 'name', 'entity_id', 'application_id'],
    [
      ...adminPermissions.map((n) => [DEMO.admin.id, n, null, DEMO.orchestratorAppId]),
      // The operator's token grants are for their own tokens only (entity id = their user id).
      ...operatorPermissions.map((n) => [
        DEMO.operator.id,
        n,
        n.startsWith('tokens.') ? DEMO.operator.id : null,
        DEMO.orchestratorAppId,
      ]),
      ...[
        'products.read',
        'data-formats.read',
        'events.read',
        ...DECLARED.flatMap((d) => d.grants.viewer.map((a) => `${d.permission}.${a}`)),
      ].map((n) => [DEMO.viewer.id, n, null, DEMO.orchestratorAppId]),
    ],
  )
  await insertMany(
    db,
    'memberships',
    ['user_id', 'organization_id'],
    Object.entries(MEMBERSHIPS).flatMap(([userId, orgs]) => orgs.map((org) => [userId, org])),
  )
  // The developer login tokens, listed with the user's tokens (never expiring, neither primary nor secondary).
  const developerToken = (value: string) => ({
    name: 'Demo developer token',
    status: 'active',
    kind: 'developer',
    shortValue: `${value.slice(0, 4)}…${value.slice(-4)}`,
    primary: false,
    secondary: false,
    createdAt: iso(now - 90 * 864e5),
  })
  await insertMany(
    db,
    'tokens',
    ['id', 'user_id', 'token_hash', 'data'],
    [
      [randomUUID(), DEMO.admin.id, hashToken(DEMO.admin.token), developerToken(DEMO.admin.token)],
      [randomUUID(), DEMO.operator.id, hashToken(DEMO.operator.token), developerToken(DEMO.operator.token)],
      [randomUUID(), DEMO.viewer.id, hashToken(DEMO.viewer.token), developerToken(DEMO.viewer.token)],
    ],
  )

  for (const env of ['sandbox', 'production'] as const) {
    const big = env === 'sandbox'
    await db.query('INSERT INTO configs (env, data) VALUES ($1, $2)', [
      env,
      {
        // The console checks permissions too (the platform always does); ORCHESTRATOR_AUTH=0 turns the console's checks off.
        orchestratorAuth: env === 'production' ? '1' : (process.env.ORCHESTRATOR_AUTH ?? '1'),
        orchestratorAppId: DEMO.orchestratorAppId,
        productsApiAuthAppId: DEMO.productsAppId,
        oidcIssuer: `${platform.publicUrl}/oidc`,
        oidcClientId: 'orchestrator-console',
      },
    ])
    const entities: unknown[][] = []
    const entity = <T extends Record<string, unknown>>(
      kind: string,
      data: T,
      created: number,
      updated = created,
    ) => {
      const id = (data.id as string | undefined) ?? newId(kind)
      const full = { ...data, id, createdAt: iso(created), updatedAt: iso(updated) }
      const s = (v: unknown) => (typeof v === 'string' ? v : null)
      entities.push([
        env,
        kind,
        id,
        full,
        s(data.type),
        s(data.productCode) ?? s(data.dataFormatCode) ?? s(data.code),
        s(data.name),
        s(data.status),
        s(data.publisherOrganizationId) ?? s(data.organizationId),
        s(data.productId) ?? s(data.taskId),
        s(data.createdBy),
        iso(created),
        iso(updated),
      ])
      return full as T & { id: string; createdAt: string; updatedAt: string }
    }
    const orgs = ORGANIZATIONS.map((name, i) =>
      entity('organization', { id: `o0000000-0000-4000-8000-00000000000${i + 1}`, name }, now - 90 * 864e5),
    )
    entity(
      'application',
      { id: DEMO.orchestratorAppId, name: 'Orchestrator', description: 'The operator console' },
      now - 90 * 864e5,
    )
    entity(
      'application',
      { id: DEMO.productsAppId, name: 'Products API', description: 'Marketplace product API' },
      now - 90 * 864e5,
    )
    entity(
      'application',
      { name: 'Field Reporter', description: 'Mobile reporting for field staff' },
      now - 40 * 864e5,
    )

    const formats = [
      'JSON',
      'XML',
      'CSV',
      'JSON_LD',
      'AVRO',
      'PARQUET',
      'GEOJSON',
      'SENML',
      'NGSI_LD',
      'EDIFACT',
    ].map((code, i) =>
      entity(
        'data-format',
        {
          dataFormatCode: code,
          name: code.replace('_', '-'),
          description: `${code} documents`,
          type: pick(['json', 'xml', 'csv', 'json-ld']),
          ontologyContext: i % 3 === 0 ? 'https://schema.org' : '',
          createdBy: DEMO.admin.id,
        },
        now - (60 - i) * 864e5,
      ),
    )
    const visibilityOf = (type: 'public' | 'private' | 'organizations', orgId: string) => ({
      type,
      visibleTo: type === 'organizations' ? [orgId] : [],
    })
    const productCount = big ? 64 : 15
    const products = Array.from({ length: productCount }, (_, i) => {
      const type = PRODUCT_TYPES[i % PRODUCT_TYPES.length] as string
      const org = pick(orgs)
      const created = now - Math.floor(rand() * 60) * 864e5
      return entity(
        'product',
        {
          name: `${pick(['Harbour', 'Grid', 'Weather', 'Freight', 'Energy', 'Traffic', 'Air Quality', 'Parcel'])} ${pick(['Feed', 'Index', 'Stream', 'Catalogue', 'Insights', 'Bridge'])} ${i + 1}`,
          description: `Demo ${type} number ${i + 1}`,
          productCode: `${type.replace(/-/g, '_').toUpperCase()}_${String(i + 1).padStart(3, '0')}`,
          type,
          status: pick(['draft', 'published', 'published', 'archived']),
          publisherOrganizationId: org.id,
          organizationName: org.name,
          imageUrl: '',
          qualityAttributes: [pick(['accuracy', 'timeliness', 'completeness'])],
          industries: [pick(['energy', 'logistics', 'maritime', 'mobility'])],
          inputFormats: [pick(formats).id],
          outputFormat: pick(formats).id,
          // Visible to chosen organizations names at least one (the publisher's), as the console's form asks.
          visibility: visibilityOf(pick(VISIBILITY_TYPES), org.id),
          contactPersonName: pick(['Aino Virtanen', 'Lars Berg', 'Claire Dubois']),
          protocolId: pick(['http', 'https', 'mqtt', 'sftp', 'soap']),
          contactPersonEmail: 'contact@example.com',
          isExternal: rand() < 0.2,
          isOfficial: rand() < 0.5,
          allowConsumerCredentials: rand() < 0.5,
          // Every flag the edit form shows has a value, so an unchanged save sends what is stored.
          harmonizedData: false,
          createdBy: i % 3 === 0 ? DEMO.operator.id : DEMO.admin.id,
          updatedBy: DEMO.admin.id,
        },
        created,
        created + 3600_000,
      )
    })
    const statuses = TASK_STATUSES
    const tasks = Array.from({ length: big ? 16 : 4 }, (_, i) =>
      entity(
        'task',
        {
          name: `${pick(['Sync', 'Import', 'Export', 'Harmonize'])} ${pick(['orders', 'meters', 'vessels', 'weather'])} ${i + 1}`,
          code: `TASK_${i + 1}`,
          description: 'Demo task',
          productCode: pick(products).productCode,
          status: statuses[i % statuses.length],
          interval: pick([60_000, 300_000, 3_600_000]),
          concurrentExecutions: i % 3,
          asyncResponse: false,
          // A demo run does something: fetch, then transform (the error task's fetch names no URL scheme it knows).
          actions: [
            {
              actionId: 'http-get',
              name: 'Fetch',
              input: { url: `https://data.example.com/feeds/${i + 1}` },
              enabled: true,
            },
            {
              actionId: 'transform',
              name: 'Harmonize',
              input: { transformerId: 'demo' },
              enabled: i % 2 === 0,
            },
          ],
          notifications: [{ internal: true, sendOnError: true, sendOnSuccess: false, detailLevel: 'simple' }],
          jobs: [{ id: randomUUID(), schedule: '0 * * * *', timeZone: 'FLE Standard Time' }],
          createdBy: DEMO.admin.id,
        },
        now - (30 - i) * 864e5,
      ),
    )
    const contracts: { id: string; productId: string }[] = []
    for (let i = 0; i < (big ? 8 : 2); i += 1) {
      const product = pick(products)
      const consumer = pick(orgs)
      const contract = entity(
        'contract',
        {
          productId: product.id,
          dataPublisher: product.organizationName,
          dataConsumer: consumer.name,
          consumerOrganizationId: consumer.id,
          validFrom: iso(now - 30 * 864e5),
          validTo: iso(now + 335 * 864e5),
          createdBy: DEMO.admin.id,
        },
        now - 30 * 864e5,
      )
      contracts.push(contract)
    }
    await insertMany(
      db,
      'entities',
      [
        'env',
        'kind',
        'id',
        'data',
        'type',
        'code',
        'name',
        'status',
        'organization_id',
        'parent_id',
        'created_by',
        'created_at',
        'updated_at',
      ],
      entities,
    )

    const events: unknown[][] = []
    const logs: unknown[][] = []
    const eventCount = big ? 2400 : 300
    for (let i = 0; i < eventCount; i += 1) {
      const at = now - Math.floor(rand() * 60 * 864e5)
      const status = rand() < 0.12 ? 'error' : rand() < 0.1 ? 'warning' : 'success'
      const task = pick(tasks)
      const product = pick(products)
      const org = pick(orgs)
      const target = pick(['task', 'product', 'data-format', 'contract'] as const)
      // Each event names a real entity of its target type, so the console's links lead somewhere.
      // (Chosen by index, not by rand(): the rest of the seeded data stays the same.)
      const contract = contracts[i % contracts.length]
      const targetId = {
        task: task.id,
        product: product.id,
        'data-format': formats[i % formats.length]?.id ?? product.id,
        contract: contract?.id ?? product.id,
      }[target]
      const data = {
        id: randomUUID(),
        timestamp: iso(at),
        type:
          target === 'task'
            ? status === 'error'
              ? 'TASK_RUN_FAILED'
              : 'TASK_RUN_FINISHED'
            : `${target.toUpperCase().replace('-', '_')}_UPDATED`,
        appName: 'orchestrator',
        targetType: target,
        targetEntityId: targetId,
        status,
        message:
          status === 'error'
            ? `Action failed: ${pick(['timeout', 'HTTP 502 from connector', 'invalid mapping'])}`
            : 'Completed',
        senderId: DEMO.admin.id,
        senderName: 'Ada Admin',
        receiverId: org.id,
        receiverName: org.name,
        taskId: target === 'task' ? task.id : undefined,
        actionMethod: pick(['GET', 'POST', 'PUT']),
        contractId: target === 'contract' ? contract?.id : undefined,
        productId: target === 'contract' && contract ? contract.productId : product.id,
        category: pick(['tasks', 'products', 'integration', 'auth']),
        userId: pick([DEMO.admin.id, DEMO.operator.id]),
        organizationId: org.id,
        clientIP: `10.0.${Math.floor(rand() * 255)}.${Math.floor(rand() * 255)}`,
        tracingId: randomUUID(),
      }
      events.push([
        env,
        data.id,
        data.timestamp,
        data.type,
        status,
        data.category,
        target,
        'orchestrator',
        data.userId,
        org.id,
        data,
      ])
      logs.push([
        env,
        iso(at),
        pick(['GET', 'GET', 'POST', 'PUT']),
        `/api/${env}/products/v2`,
        status === 'error' ? 500 : 200,
        org.id,
        Math.floor(rand() * 300),
      ])
    }
    await insertMany(
      db,
      'events',
      [
        'env',
        'id',
        'ts',
        'type',
        'status',
        'category',
        'target_type',
        'app_name',
        'user_id',
        'organization_id',
        'data',
      ],
      events,
    )
    await insertMany(
      db,
      'request_log',
      ['env', 'ts', 'method', 'path', 'status', 'organization_id', 'duration_ms'],
      logs,
    )
  }
}
