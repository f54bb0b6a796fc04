/// <reference lib="webworker" />
// PWA layer: the service worker's side of Web Push. Imports only contract/.

import type { PushPayload } from '../contract/push'
import { fieldsOf } from '../contract/reading'
import { updateAppBadge } from './app-badge'

declare const self: ServiceWorkerGlobalScope

/** The worker has no react-intl: the few words of a notification's buttons, by the browser's language. */
const WORDS = {
  en: { open: 'Open', run: 'Run again', title: 'Orchestrator' },
  fi: { open: 'Avaa', run: 'Aja uudelleen', title: 'Orchestrator' },
}
const words = () => (self.navigator.language?.toLowerCase().startsWith('fi') ? WORDS.fi : WORDS.en)

/** Where a click on the notification (or its action) leads: the run's task, in this console only. */
function targetOf(data: Partial<PushPayload> | undefined): string {
  const path =
    typeof data?.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/'
  return new URL(path, self.location.origin).href
}

/**
 * What "Run again" does (the outbox's, given by the worker's entry point: this layer imports none of
 * it): queues the task's run once per notification and sends it when it can. `unusable`: nothing
 * could be queued (no task, environment or user known).
 */
export type RunAgain = (
  data: Partial<PushPayload>,
  shownAt: number,
) => Promise<'queued' | 'already' | 'unusable'>

function payloadOf(event: PushEvent): Partial<PushPayload> {
  try {
    return (event.data?.json() ?? {}) as Partial<PushPayload>
  } catch {
    return { body: event.data?.text() ?? '' }
  }
}

async function show(data: Partial<PushPayload>) {
  const w = words()
  const actions = [{ action: 'open', title: w.open }]
  if (data.mayRun) actions.push({ action: 'run', title: w.run })
  await self.registration.showNotification(data.title || w.title, {
    body: data.body ?? '',
    tag: data.tag,
    icon: '/icons/icon-192.png',
    data,
    // Not in every browser's NotificationOptions type, shown where supported.
    ...({ actions } as object),
  })
  if (data.outcome === 'error') await updateAppBadge({ failures: 1 })
}

/** Focuses a console window already open (taking it to the url), else opens one there. */
async function open(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const same = windows.find((c) => new URL(c.url).origin === self.location.origin)
  if (same) {
    const focused = await same.focus().catch(() => same)
    const moved = await focused.navigate(url).catch(() => null)
    if (moved) return moved
  }
  return self.clients.openWindow(url)
}

async function clicked(notification: Notification, action: string, runAgain: RunAgain) {
  notification.close()
  const data = (notification.data ?? {}) as Partial<PushPayload>
  // The window first, while the click still lets the worker open one; the queued run shows there as
  // waiting, and is sent meanwhile.
  const opening = open(targetOf(data))
  // Not in every browser's Notification type; where missing, "now" stands in.
  const shownAt = (notification as Notification & { timestamp?: number }).timestamp ?? Date.now()
  const queuing = action === 'run' && data.mayRun ? runAgain(data, shownAt) : undefined
  await Promise.allSettled([opening, queuing])
  if (data.outcome === 'error') await updateAppBadge({ failures: -1 })
}

export function handlePush(runAgain: RunAgain) {
  self.addEventListener('push', (event) => event.waitUntil(show(payloadOf(event))))
  self.addEventListener('notificationclick', (event) =>
    event.waitUntil(clicked(event.notification, event.action, runAgain)),
  )
  // A page may ask to act on a shown notification as a click would (a notification centre of its own,
  // and browsers whose automation cannot click a system notification).
  self.addEventListener('message', (event) => {
    const { type, tag, action } = fieldsOf(event.data)
    if (type !== 'NOTIFICATION_CLICK') return
    event.waitUntil(
      self.registration
        .getNotifications({ tag: typeof tag === 'string' ? tag : undefined })
        .then(async (shown) => {
          const [first] = shown
          if (first) await clicked(first, typeof action === 'string' ? action : '', runAgain)
        }),
    )
  })
}
