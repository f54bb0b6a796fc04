import type { OutboxEntry } from './db'

/**
 * The change of this entity the platform refused (failed or in conflict), if any; `ofForm` keeps only
 * the changes the form itself makes (not those of parts saved beside it, such as a source's meta data).
 */
export const refusedOf = (
  entries: OutboxEntry[],
  entityId: string | undefined,
  ofForm: (entry: OutboxEntry) => boolean = () => true,
) =>
  entries.find(
    (e) =>
      e.entityId === entityId &&
      (e.status === 'failed' || e.status === 'conflict') &&
      // A refused command (a queued run) is no form's input.
      !e.command &&
      ofForm(e),
  )
