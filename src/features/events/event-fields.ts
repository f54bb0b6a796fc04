import { defineMessages, type MessageDescriptor } from 'react-intl'
import { type EntityLink, entityLink, type PlatformEvent } from '../../api/events'

/** Every field of an event, in the drawer's order, with its label. */
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

const linkLabels = defineMessages({
  entity: { id: 'events.goToEntity', defaultMessage: 'Go to entity' },
  task: { id: 'events.goToTask', defaultMessage: 'Go to task' },
  contract: { id: 'events.goToContract', defaultMessage: 'Go to contract' },
})

/**
 * Where an event leads: its target, its task and its contract's product, each screen once. A task
 * event's target is its task, and a contract's screen is its product's: the more telling label wins.
 */
export function eventLinks(event: PlatformEvent): (EntityLink & { label: MessageDescriptor })[] {
  const target = entityLink(event)
  const candidates: (EntityLink & { label: MessageDescriptor })[] = []
  if (event.taskId) candidates.push({ to: '/tasks/$id', id: event.taskId, label: linkLabels.task })
  if (event.contractId && event.productId)
    candidates.push({ to: '/products/$id', id: event.productId, label: linkLabels.contract })
  if (target) candidates.push({ ...target, label: linkLabels.entity })
  const seen = new Set<string>()
  return candidates.filter((link) => {
    const key = `${link.to}|${link.id}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
