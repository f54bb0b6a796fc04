import { randomUUID } from 'node:crypto'
import type { AuthUser, Platform } from './context'

export interface EventInput {
  type: string
  status?: 'success' | 'error' | 'warning' | 'info'
  message: string
  targetType?: string
  targetEntityId?: string
  category?: string
  actionMethod?: string
  taskId?: string
  contractId?: string
  productId?: string
  organizationId?: string
  clientIP?: string
  tracingId?: string
  receiverId?: string
  receiverName?: string
}

/** Every change writes an event with the SPEC §3 fields. */
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
