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

/** Every change writes an event: what, who, its target and its outcome. */
export async function writeEvent(
  platform: Platform,
  env: string,
  user: AuthUser | undefined,
  input: EventInput,
  at?: string,
) {
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
