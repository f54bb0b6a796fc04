import { z } from './zod'

/** Who made and last changed a stored entity, and when; absent while a new one waits in the outbox. */
export const stamps = {
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  createdBy: z.string().optional(),
  updatedBy: z.string().optional(),
}
