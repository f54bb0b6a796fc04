import { randomUUID } from 'node:crypto'
import webpush from 'web-push'
import type { PushPayload } from '../src/contract/push'
import { userById } from './auth'
import type { Env, Platform } from './context'
import type { Db } from './db'
import { hasPermission } from './guard'
import { explicitlyAllowed, postTo, urlProblem } from './outbound'
import type { Entity } from './store'

/**
 * Web Push to the devices users added ("Notify this device"). The `web-push` library signs each
 * request with the platform's VAPID key and encrypts the payload (aes128gcm) for the subscription's
 * keys: well-reviewed crypto, not ours. The request itself goes through the same outbound guard as a
 * webhook (outbound.ts), so a push endpoint must be an https URL of a public host unless NOTIFY_ALLOW
 * admits it.
 */

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

const SECRET_NAME = 'vapid'
/** How long a push service keeps a message for a device that is off: a day. */
const TTL_SECONDS = 86_400
/** A push service answers in a moment; a run is never held up long by one. */
const PUSH_TIMEOUT_MS = 3000

let cached: { db: Db; keys: VapidKeys } | undefined

/**
 * The platform's VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else a pair made once
 * and kept in the database, so that every process signs with the same key and subscriptions made
 * against it stay valid across restarts.
 */
export async function vapidKeys(platform: Platform): Promise<VapidKeys> {
  if (cached?.db === platform.db) return cached.keys
  const url = new URL(platform.publicUrl)
  const subject =
    process.env.VAPID_SUBJECT ||
    (url.protocol === 'https:' && url.hostname !== 'localhost'
      ? url.origin
      : 'mailto:orchestrator@example.com')
  let pair: { publicKey: string; privateKey: string }
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY)
    pair = { publicKey: process.env.VAPID_PUBLIC_KEY, privateKey: process.env.VAPID_PRIVATE_KEY }
  else {
    const made = webpush.generateVAPIDKeys()
    await platform.db.query(
      'INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
      [SECRET_NAME, made],
    )
    const [row] = await platform.db.query<{ value: { publicKey: string; privateKey: string } }>(
      'SELECT value FROM secrets WHERE name = $1',
      [SECRET_NAME],
    )
    pair = row?.value ?? made
  }
  const keys = { ...pair, subject }
  cached = { db: platform.db, keys }
  return keys
}

export interface SubscriptionRow {
  id: string
  user_id: string
  endpoint: string
  p256dh: string
  auth: string
  device_name: string | null
  created_at: string | Date
}

/** What a user sees of a subscription: never the keys, only enough to tell devices apart. */
export const subscriptionView = (row: SubscriptionRow) => ({
  id: row.id,
  deviceName: row.device_name ?? '',
  createdAt: new Date(row.created_at).toISOString(),
  endpointHost: new URL(row.endpoint).host,
})

/**
 * Keeps a browser's subscription for a user. The endpoint names the browser: subscribing again
 * updates its row (keys, name, owner), so a device signed in by another user notifies only that user.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  sub: { endpoint: string; keys: { p256dh: string; auth: string }; deviceName?: string },
): Promise<SubscriptionRow> {
  const [row] = await db.query<SubscriptionRow>(
    `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, device_name)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
       auth = EXCLUDED.auth, device_name = EXCLUDED.device_name
     RETURNING *`,
    [randomUUID(), userId, sub.endpoint, sub.keys.p256dh, sub.keys.auth, sub.deviceName ?? null],
  )
  return row as SubscriptionRow
}

/** A push endpoint is checked as a webhook's address is; undefined when it may be used. */
export function endpointProblem(platform: Platform, endpoint: string): string | undefined {
  const problem = urlProblem(endpoint, platform.notifyAllow)
  if (problem) return problem
  const url = new URL(endpoint)
  if (url.protocol !== 'https:' && !explicitlyAllowed(url.hostname, platform.notifyAllow))
    return 'must be an https address'
  return undefined
}

export type PushMessage = PushPayload

/**
 * Who a task's "this device" notifications reach: its creator, and the members of its product's
 * publishing organization, each only with the devices they added. A platform administrator who is
 * neither is not notified of every task: they add a webhook if they want that.
 */
async function recipients(db: Db, env: Env, task: Entity): Promise<SubscriptionRow[]> {
  const code = typeof task.productCode === 'string' ? task.productCode : ''
  return db.query<SubscriptionRow>(
    `SELECT s.* FROM push_subscriptions s
     WHERE s.user_id = $1
        OR ($3 <> '' AND s.user_id IN (
          SELECT m.user_id FROM memberships m JOIN entities p
            ON p.env = $2 AND p.kind = 'product' AND p.code = $3 AND p.organization_id = m.organization_id))
     ORDER BY s.created_at, s.id`,
    [task.createdBy ?? '', env, code],
  )
}

/**
 * Sends one encrypted message per subscribed device of the task's notified users. A device the push
 * service no longer knows (404, 410) is forgotten. Resolves to how many were accepted and how many failed.
 */
export async function pushToTask(
  platform: Platform,
  env: Env,
  task: Entity,
  message: () => Omit<PushMessage, 'mayRun' | 'env' | 'userId'>,
): Promise<{ sent: number; failed: number }> {
  const subs = await recipients(platform.db, env, task)
  if (subs.length === 0) return { sent: 0, failed: 0 }
  const vapid = await vapidKeys(platform)
  const mayRun = new Map<string, boolean>()
  let sent = 0
  let failed = 0
  for (const sub of subs) {
    if (!mayRun.has(sub.user_id)) {
      const user = await userById(platform, sub.user_id)
      mayRun.set(
        sub.user_id,
        !!user &&
          (user.role === 'admin' || (await hasPermission(platform, env, user, 'tasks.execute', task.id))),
      )
    }
    const payload: PushMessage = {
      ...message(),
      mayRun: mayRun.get(sub.user_id) === true,
      env,
      userId: sub.user_id,
    }
    if (endpointProblem(platform, sub.endpoint)) {
      failed += 1
      continue
    }
    let details: ReturnType<typeof webpush.generateRequestDetails>
    try {
      details = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: payload.outcome === 'error' ? 'high' : 'normal',
        },
      )
    } catch {
      // Keys a browser would never have made: the subscription cannot be used.
      await platform.db.query('DELETE FROM push_subscriptions WHERE id = $1', [sub.id])
      failed += 1
      continue
    }
    const status = await postTo(
      sub.endpoint,
      { headers: details.headers as Record<string, string>, body: details.body as Buffer },
      PUSH_TIMEOUT_MS,
      platform.notifyAllow,
    )
    if (status !== undefined && status >= 200 && status < 300) sent += 1
    else {
      failed += 1
      if (status === 404 || status === 410)
        await platform.db.query('DELETE FROM push_subscriptions WHERE id = $1', [sub.id])
    }
  }
  return { sent, failed }
}
