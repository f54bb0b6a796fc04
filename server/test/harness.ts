import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hashToken } from '../auth'
import { createPlatform, type PlatformOptions } from '../platform'
import { ruleKey } from '../route-table'
import { DEMO } from '../seed'

export const ADMIN = 'demo-admin-token'
export const OPERATOR = 'demo-operator-token'

export interface Answer<T = unknown> {
  status: number
  body: {
    success?: boolean
    result?: T
    pagination?: { totalCount: number; limit?: number; offset?: number }
    message?: string
    error?: { message: string; issues?: { path: string; message: string }[] }
  }
  headers: Headers
}

/** One in-memory platform per test file, called in process as the browser would over HTTP. */
/**
 * With DATABASE_URL (npm run test:pg), each platform gets a database of its own on that server,
 * dropped when it closes; else PGlite in memory.
 */
export async function testDatabase(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL
  if (!server) return { drop: async () => {} }
  const { default: pg } = await import('pg')
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  const name = `test_${randomUUID().replace(/-/g, '')}`
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(server)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

const PUBLIC_URL = 'http://localhost:4999'

function consoleDir() {
  const distDir = mkdtempSync(join(tmpdir(), 'dist-'))
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>orchestrator-app</title>')
  return distDir
}

type Instance = Awaited<ReturnType<typeof createPlatform>>

/**
 * The first frames of an event stream (the live stream never ends by itself): read up to its first
 * heartbeat, or for two seconds, then the stream is cancelled.
 */
async function opening(response: Response): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + 2000
  while (!text.includes('event: heartbeat') && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<undefined>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()))),
    ])
    if (!chunk || chunk.done) break
    text += decoder.decode(chunk.value, { stream: true })
  }
  await reader.cancel().catch(() => {})
  return text
}

/** A platform instance with the calls a test makes of it (as the browser would, over HTTP). */
function testable(instance: Instance) {
  async function call<T = unknown>(
    method: string,
    path: string,
    options: { token?: string | null; body?: unknown; headers?: Record<string, string>; raw?: BodyInit } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers }
    const token = options.token === undefined ? ADMIN : options.token
    if (token) headers.Authorization = `Bearer ${token}`
    let body: BodyInit | undefined = options.raw
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json'
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    }
    const response = await instance.app.request(path, { method, headers, body })
    const text = response.headers.get('Content-Type')?.startsWith('text/event-stream')
      ? await opening(response)
      : await response.text()
    let parsed: Answer<T>['body'] = {}
    try {
      parsed = text ? JSON.parse(text) : {}
    } catch {
      parsed = { message: text }
    }
    return { status: response.status, body: parsed, headers: response.headers }
  }
  /** Turns permission checks on for an environment (config orchestratorAuth "1"). */
  async function enforcePermissions(env: 'sandbox' | 'production', on = true) {
    await instance.platform.db.query(
      `UPDATE configs SET data = jsonb_set(data, '{orchestratorAuth}', $1) WHERE env = $2`,
      [JSON.stringify(on ? '1' : '0'), env],
    )
  }
  return { ...instance, call, enforcePermissions }
}

export async function startPlatform(options: Partial<PlatformOptions> = {}) {
  const database = await testDatabase()
  const instance = await createPlatform({
    dataDir: 'memory',
    databaseUrl: database.url,
    publicUrl: PUBLIC_URL,
    seed: true,
    distDir: consoleDir(),
    ...options,
  })
  const close = async () => {
    await instance.close()
    await database.drop()
  }
  return { ...testable(instance), close, databaseUrl: database.url }
}

/**
 * `count` platform processes on one database, started at once on an empty one: with DATABASE_URL,
 * as many platform instances, each with its own pool; on PGlite (one process by definition) the one
 * instance stands for all, and a test gives each "process" its own scheduler.
 */
export async function startCluster(count: number, options: Partial<PlatformOptions> = {}) {
  const database = await testDatabase()
  const distDir = consoleDir()
  const make = () =>
    createPlatform({
      dataDir: 'memory',
      databaseUrl: database.url,
      publicUrl: PUBLIC_URL,
      seed: true,
      distDir,
      ...options,
    })
  const instances = database.url ? await Promise.all(Array.from({ length: count }, make)) : [await make()]
  const nodes = Array.from({ length: count }, (_, i) => testable(instances[i % instances.length] as Instance))
  const close = async () => {
    for (const instance of instances) await instance.close()
    await database.drop()
  }
  return { nodes, separate: Boolean(database.url), close }
}

export type TestPlatform = Awaited<ReturnType<typeof startPlatform>>

/**
 * A viewer of one organization with the demo operator's read permissions, so that what tells them
 * and the operator apart is the organization. Signs in with `token`.
 */
export async function addMember(
  p: { platform: { db: { query: (sql: string, params?: unknown[]) => Promise<unknown> } } },
  member: { id: string; token: string; organizationId: string },
) {
  const db = p.platform.db
  const email = `${member.token}@example.com`
  await db.query("INSERT INTO users (id, email, password_hash, role) VALUES ($1, $2, 'x', 'viewer')", [
    member.id,
    email,
  ])
  await db.query('INSERT INTO tokens (id, user_id, token_hash, data) VALUES ($1, $2, $3, $4)', [
    member.token,
    member.id,
    hashToken(member.token),
    { name: 'member', status: 'active', kind: 'developer', createdAt: new Date().toISOString() },
  ])
  await db.query(
    `INSERT INTO permissions (user_id, name, entity_id, application_id)
     SELECT $1, name, CASE WHEN name LIKE 'tokens.%' THEN $1 ELSE entity_id END, application_id
     FROM permissions WHERE user_id = $2 AND name LIKE '%.read'`,
    [member.id, DEMO.operator.id],
  )
  await db.query('INSERT INTO memberships (user_id, organization_id) VALUES ($1, $2)', [
    member.id,
    member.organizationId,
  ])
}

const ADMIN_ID = 'u0000000-0000-4000-8000-000000000001'
const SOME_ID = '00000000-0000-4000-8000-00000000abcd'

/** The API's routes as the app registered them (not the 404 fallback or middleware). */
export function apiRoutes(t: { app: { routes: { method: string; path: string }[] } }) {
  const seen = new Set<string>()
  const routes: { method: string; path: string }[] = []
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/')) continue
    const path = r.path.slice('/api'.length)
    const key = ruleKey(r.method, path)
    if (seen.has(key)) continue
    seen.add(key)
    routes.push({ method: r.method, path })
  }
  return routes
}

/** A concrete path for a route pattern: every parameter filled. */
export const fill = (path: string, env: string, values: Record<string, string> = {}) =>
  path
    .replace(':env', env)
    .replace(/:version(\{[^}]*\})?/, 'v2')
    .replace(':userId', values.userId ?? ADMIN_ID)
    .replace(':action', 'run')
    .replace(/:(\w+)/g, (_m, name: string) => values[name] ?? SOME_ID)
