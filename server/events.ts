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
  // the event as they read the product and the task. Looked up in the same statement as the insert,
  // and only what is asked is in the statement, so its one prepared plan is the best one.
  const params: unknown[] = [
    env,
    event.id,
    event.timestamp,
    event.type,
    event.status,
    event.category ?? null,
    event.targetType ?? null,
    event.appName,
    event.userId ?? null,
    event,
  ]
  const lookups: string[] = []
  if (event.organizationId == null) {
    if (input.productId)
      lookups.push(
        `(SELECT organization_id FROM entities WHERE env = $1 AND kind = 'product' AND id = $${params.push(input.productId)})`,
      )
    if (input.taskId)
      lookups.push(
        `(SELECT p.organization_id FROM entities t
          JOIN entities p ON p.env = t.env AND p.kind = 'product' AND p.code = t.data->>'productCode'
          WHERE t.env = $1 AND t.kind = 'task' AND t.id = $${params.push(input.taskId)})`,
      )
  }
  const given = event.organizationId == null ? 'NULL' : `$${params.push(event.organizationId)}::text`
  const organization = lookups.length ? `coalesce(${lookups.join(', ')})` : given
  const [row] = await platform.db.query<{ organization_id: string | null }>(
    `INSERT INTO events (env, id, ts, type, status, category, target_type, app_name, user_id, organization_id, data)
     SELECT $1, $2, $3::timestamptz, $4, $5, $6, $7, $8, $9, org,
       CASE WHEN org IS NULL OR ${given} IS NOT NULL THEN $10::jsonb
         ELSE $10::jsonb || jsonb_build_object('organizationId', org) END
     FROM (SELECT ${organization} AS org) AS target
     RETURNING organization_id`,
    params,
  )
  const organizationId = row?.organization_id
  return organizationId && !event.organizationId ? { ...event, organizationId } : event
}
