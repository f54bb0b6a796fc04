import { randomUUID } from 'node:crypto'
import type { EVENT_STATUSES, PlatformEvent } from '../src/contract/event'
import type { AuthUser, Platform } from './context'

/** What a route tells about an event; the platform adds the id, the time, the sender and the app. */
export type EventInput = Pick<
  PlatformEvent,
  | 'type'
  | 'targetType'
  | 'targetEntityId'
  | 'category'
  | 'actionMethod'
  | 'taskId'
  | 'contractId'
  | 'productId'
  | 'organizationId'
  | 'clientIP'
  | 'tracingId'
  | 'receiverId'
  | 'receiverName'
> & { status?: (typeof EVENT_STATUSES)[number]; message: string }

/**
 * The organization an event about a product or a task belongs to, when its writer did not say: the
 * product's publisher (a task's product is the one its productCode names), so the members of that
 * organization read it as they read the product and the task.
 */
async function organizationOfTarget(platform: Platform, env: string, input: EventInput) {
  if (input.productId) {
    const [row] = await platform.db.query<{ organization_id: string | null }>(
      "SELECT organization_id FROM entities WHERE env = $1 AND kind = 'product' AND id = $2",
      [env, input.productId],
    )
    if (row?.organization_id) return row.organization_id
  }
  if (!input.taskId) return undefined
  const [row] = await platform.db.query<{ organization_id: string | null }>(
    `SELECT p.organization_id FROM entities t
     JOIN entities p ON p.env = t.env AND p.kind = 'product' AND p.code = t.data->>'productCode'
     WHERE t.env = $1 AND t.kind = 'task' AND t.id = $2`,
    [env, input.taskId],
  )
  return row?.organization_id ?? undefined
}

/** Every change writes an event: what, who, its target and its outcome. */
export async function writeEvent(
  platform: Platform,
  env: string,
  user: AuthUser | undefined,
  input: EventInput,
  at?: string,
) {
  const organizationId = input.organizationId ?? (await organizationOfTarget(platform, env, input))
  const event = {
    id: randomUUID(),
    timestamp: at ?? new Date(platform.now()).toISOString(),
    appName: 'orchestrator',
    status: 'success',
    senderId: user?.id,
    senderName: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email : 'platform',
    userId: user?.id,
    tracingId: randomUUID(),
    ...input,
    ...(organizationId ? { organizationId } : {}),
  }
  await platform.db.query(
    `INSERT INTO events (env, id, ts, type, status, category, target_type, app_name, user_id, organization_id, data)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      env,
      event.id,
      event.timestamp,
      event.type,
      event.status,
      event.category ?? null,
      event.targetType ?? null,
      event.appName,
      event.userId ?? null,
      event.organizationId ?? null,
      event,
    ],
  )
  return event
}
