import { secretSetField, TASK_SECRETS } from '../src/contract/task'
import type { Entity } from './store'

/**
 * A task as an answer shows it: each secret replaced by `{field}Set`. Every answer that carries a
 * task goes through here before it is sent or kept for an idempotent replay.
 */
export function taskView(entity: Entity): Entity {
  const shown: Entity = { ...entity }
  for (const field of TASK_SECRETS) {
    const value = shown[field]
    delete shown[field]
    shown[secretSetField(field)] = typeof value === 'string' && value !== ''
  }
  return shown
}

/**
 * The secrets of a task write, its fields merged over the stored ones: an absent secret kept the
 * stored value (a PUT of what was read never erases one), an empty text removes it, another text
 * replaces it. A `{field}Set` sent back is no field of the task.
 */
export function withSecrets(fields: Record<string, unknown>): Record<string, unknown> {
  const kept = { ...fields }
  for (const field of TASK_SECRETS) {
    delete kept[secretSetField(field)]
    if (typeof kept[field] !== 'string' || kept[field] === '') delete kept[field]
  }
  return kept
}

/**
 * A notification address as events and logs may name it: scheme and host, never the credentials,
 * path or query, where a webhook's secret usually sits.
 */
export function redactedUrl(value: string): string {
  try {
    const url = new URL(value)
    return `${url.protocol}//${url.host}`
  } catch {
    return '(an invalid address)'
  }
}

/** An answer's `result` (an entity, a list, or a conflict's current entity) with `view` applied; a delete's `{ id }` as it is. */
export function viewResult(answer: { status: number; body: unknown }, view: (entity: Entity) => Entity) {
  const body = answer.body as { result?: unknown } | null
  if (!body || typeof body !== 'object' || body.result === undefined) return answer
  const result = body.result
  const shown = Array.isArray(result)
    ? result.map((e) => view(e as Entity))
    : typeof result === 'object' && result !== null && 'updatedAt' in result
      ? view(result as Entity)
      : result
  return { ...answer, body: { ...body, result: shown } }
}
