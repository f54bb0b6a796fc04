import { z } from './zod'

/** What a browser's PushSubscription gives (toJSON), and the device's name the user sees on the profile. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().max(2000).url(),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
  expirationTime: z.number().nullable().optional(),
  deviceName: z.string().trim().max(200).optional(),
})

/** A device of the caller's, as the platform lists it: never its keys. */
export interface PushDevice {
  id: string
  deviceName: string
  createdAt: string
  endpointHost: string
}

/** What the platform's push message carries to the service worker. */
export interface PushPayload {
  title: string
  body: string
  url: string
  tag: string
  mayRun: boolean
  taskId: string
  /**
   * What "Run again" queues the run with, none of it secret: the environment of the task, the user
   * the device belongs to, and this notification's id (one per reported run, the same on every device),
   * which keys the queued run so that it is sent once however often the action is tapped.
   */
  env?: string
  userId?: string
  notificationId?: string
  /** The task's name, as the title shows it (not with the result-only detail level). */
  taskName?: string
  outcome?: string
  /** With the full detail level: which run, and when it ended. */
  runId?: string
  finishedAt?: string
}
