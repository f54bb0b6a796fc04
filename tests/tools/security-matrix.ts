// The issue-20 matrix: every API endpoint × the cases an attacker or a careful operator tries, counted
// right and wrong. `npx tsx tests/tools/security-matrix.ts` (add --list to print each wrong case).
// It needs only the platform and server/route-table.ts (the rules are the expectation), so the same
// script measures an older platform when that file is copied beside it.
import { createHash } from 'node:crypto'
import { createPlatform } from '../../server/platform'
import { ROUTE_RULES, ruleKey } from '../../server/route-table'

const ADMIN = 'demo-admin-token'
const OPERATOR = 'demo-operator-token'
const NOBODY = 'matrix-nobody-token'
const OPERATOR_ID = 'u0000000-0000-4000-8000-000000000002'
const ADMIN_ID = 'u0000000-0000-4000-8000-000000000001'
const SOME_ID = '00000000-0000-4000-8000-00000000abcd'
const THEIRS = 'o0000000-0000-4000-8000-000000000005'
const list = process.argv.includes('--list')

const p = await createPlatform({ dataDir: 'memory', publicUrl: 'http://localhost:4999', seed: true })
const db = p.platform.db
await db.query(
  "INSERT INTO users (id, email, password_hash, role) VALUES ('u-nobody', 'nobody@x', 'x', 'viewer')",
)
await db.query("INSERT INTO tokens (id, user_id, token_hash, data) VALUES ('t-nobody', 'u-nobody', $1, $2)", [
  createHash('sha256').update(NOBODY).digest('hex'),
  { name: 'nobody', status: 'active', kind: 'developer', createdAt: new Date().toISOString() },
])
// The operator may do anything to products: only the organization can stop them.
for (const name of [
  'products.create',
  'products.update',
  'products.delete',
  'contracts.create',
  'purchases.create',
])
  await db.query(
    'INSERT INTO permissions (user_id, name, entity_id, application_id) VALUES ($1, $2, NULL, $3)',
    [OPERATOR_ID, name, 'a0000000-0000-4000-8000-000000000001'],
  )

async function call(
  method: string,
  path: string,
  token: string | null,
  body?: string,
  headers: Record<string, string> = {},
) {
  const h: Record<string, string> = { Accept: 'application/json', ...headers }
  if (token) h.Authorization = `Bearer ${token}`
  if (body !== undefined) h['Content-Type'] = 'application/json'
  try {
    const response = await p.app.request(path, { method, headers: h, body })
    return { status: response.status, headers: response.headers, text: await response.text() }
  } catch {
    return { status: 599, headers: new Headers(), text: '' }
  }
}

const theirs = await call(
  'POST',
  '/api/sandbox/internal/products/v2',
  ADMIN,
  JSON.stringify({
    name: 'Matrix theirs',
    productCode: 'MATRIX_THEIRS',
    type: 'dataproduct',
    publisherOrganizationId: THEIRS,
  }),
)
const theirsId = (JSON.parse(theirs.text) as { result?: { id: string } }).result?.id
if (theirs.status !== 201 || !theirsId) throw new Error('could not make the other organization’s product')

// Reads as a non-member: a private product of another organization, with a task and a contract.
const made = async (path: string, body: unknown) => {
  const answer = await call('POST', `/api/sandbox${path}`, ADMIN, JSON.stringify(body))
  const id = (JSON.parse(answer.text) as { result?: { id: string } }).result?.id
  if (answer.status !== 201 || !id) throw new Error(`could not make ${path}: ${answer.status}`)
  return id
}
const privateId = await made('/internal/products/v2', {
  name: 'Matrix private',
  productCode: 'MATRIX_PRIVATE',
  type: 'dataproduct',
  protocolId: 'soap',
  publisherOrganizationId: THEIRS,
  visibility: { type: 'private', visibleTo: [] },
})
const privateTask = await made('/tasks', { name: 'Matrix private task', productCode: 'MATRIX_PRIVATE' })
const privateContract = await made('/products/v2/contracts', {
  productId: privateId,
  consumerOrganizationId: 'o0000000-0000-4000-8000-000000000006',
  validFrom: '2020-01-01T00:00:00.000Z',
  validTo: '2099-01-01T00:00:00.000Z',
})

const routes = [
  ...new Map(
    p.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
      .map((r) => [ruleKey(r.method, r.path.slice(4)), { method: r.method, path: r.path.slice(4) }]),
  ).values(),
]
const fill = (path: string, env: string, id = SOME_ID) =>
  `/api${path
    .replace(':env', env)
    .replace(/:version(\{[^}]*\})?/, 'v2')
    .replace(':userId', ADMIN_ID)
    .replace(':action', 'run')
    .replace(/:(\w+)/g, () => id)}`

type Row = { case: string; ok: boolean; what: string }
const rows: Row[] = []
const check = (name: string, ok: boolean, what: string) => rows.push({ case: name, ok, what })
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`

for (const env of ['sandbox', 'production']) {
  for (const { method, path } of routes) {
    const key = ruleKey(method, path)
    const rule = ROUTE_RULES[key]
    const url = fill(path, env)
    const sends = method !== 'GET' && method !== 'DELETE'
    const what = `${env} ${key}`
    // Authentication and permission (checked by the platform in every environment, before the body).
    if (rule && rule.kind !== 'public') {
      const anonymous = await call(method, url, null, sends ? '{"name":1}' : undefined)
      check('401 without a token', anonymous.status === 401, `${what}: ${anonymous.status}`)
    }
    if (rule?.kind === 'permission') {
      const query = rule.entityQuery ? `?${rule.entityQuery}=${SOME_ID}` : ''
      const refused = await call(method, url + query, NOBODY, sends ? '{"name":1}' : undefined)
      check(
        '403 without the permission, before the body',
        refused.status === 403,
        `${what}: ${refused.status}`,
      )
    }
    // Hostile input: never a 5xx.
    const hostile: [string, string, string | undefined][] = [
      ['%00 in the path', fill(path, env, '%00'), undefined],
      ['%00 in the query', `${url}?q=%00&organizationId=%00&productId=%00`, undefined],
    ]
    if (sends)
      hostile.push(
        ['NUL in the body', url, '{"name":"a\\u0000b","productId":"\\u0000"}'],
        ['lone surrogate in the body', url, '{"name":"\\ud800","code":"\\udc00"}'],
        ['JSON nested 5000 levels', url, deep(5000)],
        [
          'JSON nested 5000 levels in a field',
          url,
          `{"name":"Deep","productCode":"DEEP_${method}","type":"dataproduct","meta":${deep(5000)},"task":{"x":${deep(5000)}},"credentials":{"k":${deep(5000)}},"productId":"${SOME_ID}"}`,
        ],
      )
    for (const [name, target, body] of hostile) {
      const answer = await call(method, target, ADMIN, body)
      check(`no 5xx: ${name}`, answer.status < 500, `${what}: ${answer.status}`)
    }
    // Headers of every answer.
    const plain = await call(method, url, null)
    check(
      'nosniff and a restrictive CSP',
      plain.headers.get('X-Content-Type-Options') === 'nosniff' &&
        /default-src 'none'/.test(plain.headers.get('Content-Security-Policy') ?? ''),
      `${what}: ${plain.headers.get('X-Content-Type-Options')} / ${plain.headers.get('Content-Security-Policy')}`,
    )
    // Organizations kept apart: another organization's product, written by a member of another.
    if (
      env === 'sandbox' &&
      method !== 'GET' &&
      rule?.kind === 'permission' &&
      (rule.product || rule.buyer)
    ) {
      const body =
        rule.product === 'body'
          ? JSON.stringify({
              productId: theirsId,
              consumerOrganizationId: 'o0000000-0000-4000-8000-000000000001',
              validFrom: '2020-01-01T00:00:00.000Z',
              validTo: '2099-01-01T00:00:00.000Z',
              credentials: { key: 'value' },
            })
          : rule.buyer
            ? JSON.stringify({ organizationId: THEIRS, contractId: SOME_ID })
            : JSON.stringify({
                name: 'Taken over',
                meta: {},
                task: {},
                publisherOrganizationId: 'o0000000-0000-4000-8000-000000000001',
              })
      const answer = await call(
        method,
        fill(path, env, theirsId),
        OPERATOR,
        method === 'DELETE' ? undefined : body,
      )
      check(
        'another organization’s product: 403/404',
        answer.status === 403 || answer.status === 404,
        `${what}: ${answer.status}`,
      )
    }
  }
}
// Reads as a non-member (the operator is not in the private product's organization): not found, or
// left out of the list; what belongs to no organization (`open`, `own`) is not this check's.
for (const { method, path } of routes.filter((r) => r.method === 'GET')) {
  const key = ruleKey(method, path)
  const read = ROUTE_RULES[key]?.read
  const what = `sandbox ${key}`
  check('a read rule for every read route', read !== undefined, what)
  if (!read || read === 'open' || read === 'own') continue
  const id = read === 'task' ? privateTask : privateId
  const limit = path.includes('stats') || path.includes('lasterrors') ? 100 : 1000
  const query =
    read === 'publisher' || read === 'contracts'
      ? `?productId=${privateId}&limit=${limit}`
      : `?limit=${limit}`
  const answer = await call(method, `${fill(path, 'sandbox', id)}${query}`, OPERATOR)
  if (read === 'product' || read === 'task' || read === 'publisher' || path.endsWith('/:id')) {
    check(
      "a non-member reads another organization's private data: 404",
      answer.status === 404,
      `${what}: ${answer.status}`,
    )
    continue
  }
  const leaked = [privateId, privateTask, privateContract, ...(read === 'org-scoped' ? [THEIRS] : [])].filter(
    (s) => answer.text.includes(s),
  )
  check(
    "a non-member's list leaves out another organization's private data",
    answer.status === 200 && leaked.length === 0,
    `${what}: ${answer.status} ${leaked.join(', ')}`,
  )
}

// Organization-Id that is not the caller's, on the product paths the console sends it with.
for (const { method, path } of routes.filter((r) => r.path.includes('/products/') && r.method === 'GET')) {
  const answer = await call(method, fill(path, 'sandbox', theirsId), OPERATOR, undefined, {
    'Organization-Id': THEIRS,
  })
  check(
    'Organization-Id not the caller’s: 403',
    answer.status === 403,
    `sandbox ${ruleKey(method, path)}: ${answer.status}`,
  )
}

const byCase = new Map<string, { right: number; wrong: number }>()
for (const row of rows) {
  const entry = byCase.get(row.case) ?? { right: 0, wrong: 0 }
  if (row.ok) entry.right += 1
  else entry.wrong += 1
  byCase.set(row.case, entry)
}
console.log(`${routes.length} endpoints, 2 environments, ${rows.length} checks`)
for (const [name, { right, wrong }] of byCase)
  console.log(`${String(wrong).padStart(4)} wrong of ${String(right + wrong).padStart(4)}  ${name}`)
console.log(`${rows.filter((r) => !r.ok).length} wrong of ${rows.length} in all`)
if (list) for (const row of rows.filter((r) => !r.ok)) console.log(`  ${row.case} — ${row.what}`)
await p.close()
process.exit(0)
