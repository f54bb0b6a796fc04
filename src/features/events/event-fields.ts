import { defineMessages } from 'react-intl'
import type { PlatformEvent } from '../../api/events'

/** SPEC §3 Event, every field, in the drawer's order, with its label. */
export const eventFieldLabels = defineMessages({
  id: { id: 'event.id', defaultMessage: 'Id' },
  timestamp: { id: 'event.timestamp', defaultMessage: 'Time' },
  type: { id: 'event.type', defaultMessage: 'Type' },
  status: { id: 'event.status', defaultMessage: 'Status' },
  message: { id: 'event.message', defaultMessage: 'Message' },
  appName: { id: 'event.appName', defaultMessage: 'Application' },
  category: { id: 'event.category', defaultMessage: 'Category' },
  targetType: { id: 'event.targetType', defaultMessage: 'Target type' },
  targetEntityId: { id: 'event.targetEntityId', defaultMessage: 'Target' },
  actionMethod: { id: 'event.actionMethod', defaultMessage: 'Method' },
  senderId: { id: 'event.senderId', defaultMessage: 'Sender id' },
  senderName: { id: 'event.senderName', defaultMessage: 'Sender' },
  receiverId: { id: 'event.receiverId', defaultMessage: 'Receiver id' },
  receiverName: { id: 'event.receiverName', defaultMessage: 'Receiver' },
  taskId: { id: 'event.taskId', defaultMessage: 'Task' },
  contractId: { id: 'event.contractId', defaultMessage: 'Contract' },
  productId: { id: 'event.productId', defaultMessage: 'Product' },
  userId: { id: 'event.userId', defaultMessage: 'User' },
  organizationId: { id: 'event.organizationId', defaultMessage: 'Organization' },
  clientIP: { id: 'event.clientIP', defaultMessage: 'Client IP' },
  tracingId: { id: 'event.tracingId', defaultMessage: 'Tracing id' },
}) satisfies Record<keyof PlatformEvent, unknown>

export const EVENT_FIELDS = Object.keys(eventFieldLabels) as (keyof PlatformEvent)[]
