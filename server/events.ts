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
  // The organization, when the writer did not say, is the target's: the product's publisher, else
  // the publisher of the product a task's productCode names, so the members of that organization read
  // the event as they read the product and the task. Looked up in the same statement as the insert.
  const [row] = await platform.db.query<{ organization_id: string | null }>(
    `WITH target AS (
       SELECT coalesce($10::text,
         (SELECT organization_id FROM entities WHERE env = $1 AND kind = 'product' AND id = $12),
         (SELECT p.organization_id FROM entities t
          JOIN entities p ON p.env = t.env AND p.kind = 'product' AND p.code = t.data->>'productCode'
          WHERE t.env = $1 AND t.kind = 'task' AND t.id = $13)) AS org
     )
     INSERT INTO events (env, id, ts, type, status, category, target_type, app_name, user_id, organization_id, data)
     SELECT $1::text, $2::text, $3::timestamptz, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, org,
       CASE WHEN org IS NULL OR $10::text IS NOT NULL THEN $11::jsonb
         ELSE $11::jsonb || jsonb_build_object('organizationId', org) END
     FROM target
     RETURNING organization_id`,
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
      input.productId ?? null,
      input.taskId ?? null,
    ],
  )
  const organizationId = row?.organization_id
  return organizationId && !event.organizationId ? { ...event, organizationId } : event
}
