import { randomUUID } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addressAllowed, allowList, postJson, urlProblem } from '../outbound'
import { Store } from '../store'
import { startPlatform, type TestPlatform } from './harness'

let p: TestPlatform
const received: string[] = []
const hook = createServer((req, res) => {
  received.push(req.url ?? '')
  res.writeHead(204).end()
})
let port = 0
beforeAll(async () => {
  p = await startPlatform()
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
  port = (hook.address() as AddressInfo).port
})
afterAll(async () => {
  hook.close()
  await p.close()
})

const task = (url: string) => ({
  name: 'Notifier',
  actions: [{ actionId: 'http-get', name: 'Fetch' }],
  notifications: [{ url, sendOnSuccess: true, sendOnError: true, detailLevel: 'full' }],
})

describe('the platform does not call where it must not', () => {
  it('refuses local, private and non-http notification addresses when a task is saved', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/x`,
      'http://localhost/x',
      'http://10.1.2.3/x',
      'http://192.168.0.10/x',
      'http://172.20.0.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[fd00::1]/x',
      'http://0.0.0.0/x',
      'http://intranet/x',
      'ftp://example.com/x',
    ]) {
      const answer = await p.call('POST', '/api/sandbox/tasks', { body: task(url) })
      expect(answer.status, url).toBe(400)
      expect(answer.body.error?.issues?.[0]?.path, url).toBe('notifications.0.url')
    }
    expect(
      (await p.call('POST', '/api/sandbox/tasks', { body: task('https://hooks.example.com/x') })).status,
    ).toBe(201)
  })

  it('does not send to a local address a stored task names, and records the failure without socket details', async () => {
    // A task stored before the check (or by another path): the send checks again.
    const id = randomUUID()
    await new Store(p.platform.db, 'sandbox', 'task').insert(
      { ...task(`http://127.0.0.1:${port}/stored`), status: 'stopped', jobs: [] },
      undefined,
      new Date().toISOString(),
      id,
    )
    const run = await p.call('POST', `/api/sandbox/tasks/${id}/run`)
    expect(run.status).toBe(200)
    expect(received).toEqual([])
    const events = await p.call<{ type: string; message: string }[]>(
      'GET',
      `/api/sandbox/events?taskId=${id}`,
    )
    const failed = events.body.result?.find((e) => e.type === 'TASK_NOTIFICATION_FAILED')
    // The address by its scheme and host only: a webhook's path or query may hold its secret.
    expect(failed?.message).toBe(`Notification to http://127.0.0.1:${port} failed`)
    // A closed port says the same as a refused address: nothing of what listens where.
    expect(await postJson('http://127.0.0.1:1/x', {}, 1000, allowList(['127.0.0.1']))).toBe(false)
  })

  it('checks the address a name resolves to when sending, and lets the allow-list through', async () => {
    expect(
      await postJson(`http://127.0.0.1:${port}/allowed`, { a: 1 }, 3000, allowList(['127.0.0.1/8'])),
    ).toBe(true)
    expect(received).toEqual(['/allowed'])
    // This machine's own name resolves to one of its own addresses: refused after resolution.
    const name = hostname()
    const resolved = await lookup(name).catch(() => undefined)
    if (resolved && !addressAllowed(resolved.address, allowList(''))) {
      expect(urlProblem(`http://${name}.:${port}/x`, allowList(''))).toBeUndefined()
      expect(await postJson(`http://${name}.:${port}/x`, {}, 3000, allowList(''))).toBe(false)
    }
    expect(received).toEqual(['/allowed'])
  })
})
