import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATOR, startPlatform, type TestPlatform } from './harness'

// http_ece is the implementation web-push encrypts with; here it decrypts, as a browser would.
const ece = (await import('http_ece' as string)) as {
  decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer
}

let p: TestPlatform
interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}
const received: Received[] = []
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
    // A device the push service no longer knows.
    res.writeHead(req.url?.startsWith('/gone') ? 410 : 201).end()
  })
})
let origin = ''

const b64url = (buffer: Buffer) => buffer.toString('base64url')

/** A browser's subscription: its own P-256 key pair and auth secret, at a path of the local receiver. */
function device(path: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    json: { endpoint: `${origin}${path}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
  }
}

const SECRET = 'push-client-secret-value-4711'

beforeAll(async () => {
  p = await startPlatform({ notifyAllow: ['127.0.0.1'] })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
})
afterAll(async () => {
  receiver.close()
  await p.close()
})

async function failingTask(detailLevel: string) {
  const made = await p.call<{ id: string }>('POST', '/api/sandbox/tasks', {
    body: {
      name: `Night job ${detailLevel}`,
      clientSecret: SECRET,
      actions: [{ actionId: 'no-such-action', name: 'Broken step' }],
      notifications: [{ type: 'push', sendOnError: true, sendOnSuccess: false, detailLevel }],
    },
  })
  expect(made.status, made.body.message).toBe(201)
  return made.body.result?.id as string
}

/** Checks the VAPID Authorization header: an ES256 JWT for the endpoint's origin, signed by the platform's key. */
function checkVapid(headers: IncomingHttpHeaders, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(headers.authorization))
  expect(match, String(headers.authorization)).not.toBeNull()
  const [, jwt = '', k = ''] = match ?? []
  expect(k).toBe(publicKey)
  const [head = '', claims = '', signature = ''] = jwt.split('.')
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256' })
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString())
  expect(body.aud).toBe(origin)
  expect(body.exp * 1000).toBeGreaterThan(Date.now())
  expect(String(body.sub)).toMatch(/^(mailto:|https:)/)
  const point = Buffer.from(k, 'base64url')
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  })
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  expect(valid).toBe(true)
}

describe('Web Push to the devices of a task', () => {
  it('sends a failed run to each subscribed device, signed with VAPID and encrypted with aes128gcm', async () => {
    const key = await p.call<{ publicKey: string }>('GET', '/api/sandbox/push/vapid-public-key')
    expect(key.status).toBe(200)
    const publicKey = key.body.result?.publicKey as string
    expect(Buffer.from(publicKey, 'base64url').length).toBe(65)
    const phone = device('/phone')
    const laptop = device('/laptop')
    const other = device('/operator')
    for (const [d, name] of [
      [phone, 'Phone'],
      [laptop, 'Laptop'],
    ] as const) {
      const saved = await p.call('POST', '/api/sandbox/push-subscriptions', {
        body: { ...d.json, deviceName: name },
      })
      expect(saved.status, saved.body.message).toBe(201)
    }
    // Another user's device: the task is neither theirs nor their organization's.
    expect(
      (await p.call('POST', '/api/sandbox/push-subscriptions', { body: other.json, token: OPERATOR })).status,
    ).toBe(201)

    const seenIds = new Set<string>()
    for (const level of ['simple', 'result-only', 'full'] as const) {
      received.length = 0
      const id = await failingTask(level)
      expect((await p.call('POST', `/api/sandbox/tasks/${id}/run`)).status).toBe(200)
      expect(received.map((r) => r.path).sort()).toEqual(['/laptop', '/phone'])
      for (const r of received) {
        const d = r.path === '/phone' ? phone : laptop
        expect(r.headers['content-encoding']).toBe('aes128gcm')
        expect(Number(r.headers.ttl)).toBeGreaterThan(0)
        checkVapid(r.headers, publicKey)
        const text = ece
          .decrypt(r.body, { version: 'aes128gcm', privateKey: d.ecdh, authSecret: b64url(d.auth) })
          .toString('utf8')
        expect(text).not.toContain(SECRET)
        expect(r.body.length).toBeLessThan(4096)
        const message = JSON.parse(text)
        expect(message).toMatchObject({ url: `/tasks/${id}`, taskId: id, mayRun: true })
        expect(message.body).toContain('Broken step failed')
        if (level === 'result-only') {
          expect(message.title).toBe('Task run failed')
          expect(message.outcome).toBeUndefined()
          expect(text).not.toContain('Night job')
        } else {
          expect(message.title).toBe(`Night job ${level}: failed`)
          expect(message.outcome).toBe('error')
        }
        if (level === 'full') expect(message.runId).toEqual(expect.any(String))
        else expect(message.runId).toBeUndefined()
        // What Run again queues the run with: ids only, and one notification id on every device.
        expect(message).toMatchObject({ env: 'sandbox', userId: expect.any(String) })
        expect(message.notificationId).toEqual(expect.any(String))
        expect(message.taskName).toBe(level === 'result-only' ? undefined : `Night job ${level}`)
      }
      const ids = received.map((r) => {
        const d = r.path === '/phone' ? phone : laptop
        const text = ece.decrypt(r.body, {
          version: 'aes128gcm',
          privateKey: d.ecdh,
          authSecret: b64url(d.auth),
        })
        return JSON.parse(text.toString('utf8')).notificationId as string
      })
      expect(new Set(ids).size).toBe(1)
      expect(seenIds.has(ids[0] as string)).toBe(false)
      seenIds.add(ids[0] as string)
    }
  })

  it('forgets a subscription the push service answers 410 for', async () => {
    const gone = device('/gone')
    const saved = await p.call<{ id: string }>('POST', '/api/sandbox/push-subscriptions', { body: gone.json })
    expect(saved.status).toBe(201)
    received.length = 0
    const id = await failingTask('simple')
    await p.call('POST', `/api/sandbox/tasks/${id}/run`)
    expect(received.map((r) => r.path)).toContain('/gone')
    const list = await p.call<{ id: string }[]>('GET', '/api/sandbox/push-subscriptions')
    expect(list.body.result?.map((s) => s.id)).not.toContain(saved.body.result?.id)
    expect(list.body.result?.length).toBe(2)
    // The next run no longer calls it.
    received.length = 0
    await p.call('POST', `/api/sandbox/tasks/${id}/run`)
    expect(received.map((r) => r.path)).not.toContain('/gone')
  })

  it('lets a user list and remove only their own devices', async () => {
    const mine = await p.call<{ id: string; deviceName: string; createdAt: string }[]>(
      'GET',
      '/api/sandbox/push-subscriptions',
    )
    const theirs = await p.call<{ id: string }[]>('GET', '/api/sandbox/push-subscriptions', {
      token: OPERATOR,
    })
    expect(mine.body.result?.map((s) => s.deviceName).sort()).toEqual(['Laptop', 'Phone'])
    expect(JSON.stringify(mine.body.result)).not.toContain('p256dh')
    expect(theirs.body.result?.length).toBe(1)
    const [first] = mine.body.result ?? []
    const [operators] = theirs.body.result ?? []
    // Another's device is not found, and stays.
    expect(
      (await p.call('DELETE', `/api/sandbox/push-subscriptions/${first?.id}`, { token: OPERATOR })).status,
    ).toBe(404)
    expect((await p.call('DELETE', `/api/sandbox/push-subscriptions/${operators?.id}`)).status).toBe(404)
    expect((await p.call<unknown[]>('GET', '/api/sandbox/push-subscriptions')).body.result?.length).toBe(2)
    expect((await p.call('DELETE', `/api/sandbox/push-subscriptions/${first?.id}`)).status).toBe(200)
    expect((await p.call<unknown[]>('GET', '/api/sandbox/push-subscriptions')).body.result?.length).toBe(1)
    expect(
      (await p.call<unknown[]>('GET', '/api/sandbox/push-subscriptions', { token: OPERATOR })).body.result
        ?.length,
    ).toBe(1)
    // Signed out: no list.
    expect((await p.call('GET', '/api/sandbox/push-subscriptions', { token: null })).status).toBe(401)
  })

  it('refuses a push endpoint the platform may not call, as for a webhook', async () => {
    const keys = device('/x').json.keys
    for (const endpoint of [
      'http://push.example.com/x',
      'https://10.0.0.1/x',
      'https://localhost/x',
      'http://169.254.169.254/latest',
    ]) {
      const answer = await p.call('POST', '/api/sandbox/push-subscriptions', { body: { endpoint, keys } })
      expect(answer.status, endpoint).toBe(400)
      expect(answer.body.error?.issues?.[0]?.path, endpoint).toBe('endpoint')
    }
    expect(
      (
        await p.call('POST', '/api/sandbox/push-subscriptions', {
          body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys },
        })
      ).status,
    ).toBe(201)
  })
})
