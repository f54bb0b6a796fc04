/**
 * The task's secrets are write-only: a write sets one (a text), removes it (an empty text) or keeps
 * it (absent); an answer never carries one, only `{field}Set` saying whether it is set. Kept apart
 * from the task's schemas so that sign-out and replay name them without loading zod.
 */
export const TASK_SECRETS = ['appAccessToken', 'clientSecret', 'hookToken'] as const
export type TaskSecret = (typeof TASK_SECRETS)[number]
export const secretSetField = (field: TaskSecret) => `${field}Set` as const
