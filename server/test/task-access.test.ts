import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startPlatform, type TestPlatform } from './harness'

const VIEWER = 'demo-viewer-token'
let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

describe('task access', () => {
  it('refuses the viewer the tasks in every environment, and lets them read products', async () => {
    const list = await p.call<{ id: string }[]>('GET', '/api/production/tasks?limit=1')
    const id = list.body.result?.[0]?.id as string
    for (const [method, path] of [
      ['GET', '/api/production/tasks'],
      ['GET', `/api/production/tasks/${id}`],
      ['GET', `/api/production/tasks/${id}/runs`],
      ['POST', `/api/production/tasks/${id}/run`],
    ] as const) {
      const answer = await p.call(method, path, { token: VIEWER })
      expect(answer.status, `${method} ${path}`).toBe(403)
      expect(answer.body.message).toBe('Access denied.')
    }
    expect((await p.call('GET', '/api/production/products/v2', { token: VIEWER })).status).toBe(200)
    // Without orchestrator auth (sandbox) the console does not check, but the platform still does.
    expect((await p.call('GET', '/api/sandbox/tasks', { token: VIEWER })).status).toBe(403)
  })
})
