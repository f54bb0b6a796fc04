import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashToken } from '../auth'
import { RUN_STATE_NEEDS_EXECUTE } from '../routes/tasks'
import { DEMO } from '../seed'
import { OPERATOR, startPlatform, type TestPlatform } from './harness'

/** May create and change tasks, not run them (no tasks.execute). */
const EDITOR = 'task-editor-token'
const EDITOR_ID = 'u0000000-0000-4000-8000-0000000000e1'
const QUOTA = 1000

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform({ fileQuotaBytes: QUOTA })
  const db = p.platform.db
  await db.query(
    "INSERT INTO users (id, email, password_hash, role) VALUES ($1, 'editor@example.com', 'x', 'operator')",
    [EDITOR_ID],
  )
  await db.query('INSERT INTO tokens (id, user_id, token_hash, data) VALUES ($1, $2, $3, $4)', [
    'editor-token',
    EDITOR_ID,
    hashToken(EDITOR),
    { name: 'editor', status: 'active', kind: 'developer', createdAt: new Date().toISOString() },
  ])
  for (const name of ['tasks.read', 'tasks.create', 'tasks.update'])
    await db.query(
      'INSERT INTO permissions (user_id, name, entity_id, application_id) VALUES ($1, $2, NULL, $3)',
      [EDITOR_ID, name, DEMO.orchestratorAppId],
    )
})
afterAll(() => p.close())

const upload = (productId: string, name: string, bytes: number) =>
  p.call<{ id: string }>('POST', `/api/sandbox/products/v2/${productId}/files`, {
    raw: 'x'.repeat(bytes),
    headers: { 'Content-Type': 'text/plain', 'X-File-Name': name },
  })

describe("a product's files", () => {
  it('are listed as metadata only: the content is never read from the database', async () => {
    const created = await p.call<{ id: string }>('POST', '/api/sandbox/internal/products/v2', {
      body: { name: 'Files listed', productCode: 'FILES_LISTED', type: 'dataproduct' },
    })
    const id = created.body.result?.id as string
    expect((await upload(id, 'a.txt', 300)).status).toBe(201)
    expect((await upload(id, 'b.txt', 200)).status).toBe(201)
    const db = p.platform.db
    const query = db.query.bind(db)
    const rows: unknown[] = []
    db.query = (async (sql: string, params?: unknown[]) => {
      const result = await query(sql, params)
      rows.push(...(result as unknown[]))
      return result
    }) as typeof db.query
    let list: Awaited<ReturnType<typeof p.call<{ name: string; size: number; content?: string }[]>>>
    try {
      list = await p.call('GET', `/api/sandbox/products/v2/${id}/files`)
    } finally {
      db.query = query
    }
    expect(list.status).toBe(200)
    expect(list.body.result?.map((f) => [f.name, f.size]).sort()).toEqual([
      ['a.txt', 300],
      ['b.txt', 200],
    ])
    expect(list.body.result?.some((f) => 'content' in f)).toBe(false)
    // No row the database answered during the list carried a file's content.
    expect(JSON.stringify(rows)).not.toContain('x'.repeat(200))
  })

  it('take at most the quota together: past it, 413 in the error envelope, and room again after a delete', async () => {
    const created = await p.call<{ id: string }>('POST', '/api/sandbox/internal/products/v2', {
      body: { name: 'Files quota', productCode: 'FILES_QUOTA', type: 'dataproduct' },
    })
    const id = created.body.result?.id as string
    const first = await upload(id, 'first.txt', 600)
    expect(first.status).toBe(201)
    const over = await upload(id, 'second.txt', 600)
    expect(over.status).toBe(413)
    expect(over.body.success).toBe(false)
    expect(over.body.message).toMatch(
      /^The product's files may take 1 KB together; 1 KB are used and this file needs 1 KB\. Remove a file first\.$/,
    )
    expect(over.body.error?.message).toBe(over.body.message)
    // Another product has its own quota.
    const other = await p.call<{ id: string }>('POST', '/api/sandbox/internal/products/v2', {
      body: { name: 'Files other', productCode: 'FILES_OTHER', type: 'dataproduct' },
    })
    expect((await upload(other.body.result?.id as string, 'other.txt', 600)).status).toBe(201)
    expect(
      (await p.call('DELETE', `/api/sandbox/products/v2/${id}/files/${first.body.result?.id}`)).status,
    ).toBe(200)
    expect((await upload(id, 'second.txt', 600)).status).toBe(201)
  })
})

describe("a task's run state", () => {
  const task = (name: string, more: Record<string, unknown> = {}) => ({
    name,
    actions: [{ actionId: 'http-get', name: 'Fetch', input: { url: 'https://example.com/data' } }],
    ...more,
  })

  it('is not set running by a create or an update without tasks.execute (403)', async () => {
    const running = await p.call('POST', '/api/sandbox/tasks', {
      token: EDITOR,
      body: task('Started by a create', { status: 'running' }),
    })
    expect(running.status).toBe(403)
    expect(running.body.message).toBe(RUN_STATE_NEEDS_EXECUTE)
    expect(running.body.error?.issues?.[0]?.path).toBe('status')

    const stopped = await p.call<{ id: string; status: string; updatedAt: string }>(
      'POST',
      '/api/sandbox/tasks',
      {
        token: EDITOR,
        body: task('Created stopped'),
      },
    )
    expect(stopped.status).toBe(201)
    expect(stopped.body.result?.status).toBe('stopped')
    const id = stopped.body.result?.id as string
    const started = await p.call('PUT', `/api/sandbox/tasks/${id}`, {
      token: EDITOR,
      body: task('Created stopped', { status: 'running' }),
    })
    expect(started.status).toBe(403)
    // An update that leaves the status alone is the editor's to make.
    const renamed = await p.call<{ status: string }>('PUT', `/api/sandbox/tasks/${id}`, {
      token: EDITOR,
      body: task('Renamed', { status: 'stopped' }),
    })
    expect(renamed.status).toBe(200)
    expect(renamed.body.result?.status).toBe('stopped')
    // Start itself needs tasks.execute as before.
    expect((await p.call('POST', `/api/sandbox/tasks/${id}/start`, { token: EDITOR })).status).toBe(403)
  })

  it('is set by whoever may run the task', async () => {
    const running = await p.call<{ status: string }>('POST', '/api/sandbox/tasks', {
      token: OPERATOR,
      body: task('Started by the operator', { status: 'running' }),
    })
    expect(running.status).toBe(201)
    expect(running.body.result?.status).toBe('running')
  })
})
