import { Fragment, type ReactNode } from 'react'
import type { Entity, Resource } from '../../api/resource'
import type { OutboxEntry } from '../../outbox/db'
import { PageHeader } from '../../ui/page-header'
import { PendingBadge } from '../../ui/pending-badge'
import { EntityState } from '../../ui/query-state'
import { useEntity } from './use-entity'

/** The entity an edit form opens on: the newer of detail and cached row, with this device's changes. */
type Edited<T extends Entity> = NonNullable<ReturnType<typeof useEntity<T>>['current']>

/**
 * The page of a resource's form, create and edit (`/{list}/create`, `/{list}/{id}/edit`): without an
 * id the form creates; with one, the entity (`useEntity`: a local id becomes the platform's once its
 * create is sent) in `EntityState` (loading, failed, offline with nothing saved, denied), its pending
 * mark by the title, and the form opened anew on a refused change of it.
 */
export function EntityEditPage<T extends Entity>({
  resource,
  routeId,
  ofForm,
  createTitle,
  editTitle,
  ready = true,
  deniedAlert,
  form,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any input and list parameters
  resource: Resource<T, any, any>
  routeId: string | undefined
  /** Which refused changes of the entity are the form's own (not those of parts saved beside it). */
  ofForm?: (entry: OutboxEntry) => boolean
  createTitle: ReactNode
  editTitle: ReactNode
  /** What else the edit form needs has come, or cannot come: till then it is loading. */
  ready?: boolean
  deniedAlert?: boolean
  /** The form: with no entity it creates. */
  form: (entity?: { current: Edited<T>; refused: OutboxEntry | undefined; local: boolean }) => ReactNode
}) {
  const { id, local, query, current, refused } = useEntity(resource, routeId, { ofForm })
  if (!id)
    return (
      <div>
        <PageHeader title={createTitle} />
        {form()}
      </div>
    )
  return (
    <div>
      <PageHeader
        title={
          <>
            {editTitle}
            <PendingBadge status={current?.pendingStatus} />
          </>
        }
      />
      <EntityState
        query={query}
        local={local}
        shown={current !== undefined && ready}
        deniedAlert={deniedAlert}
      >
        {current && (
          <Fragment key={`${current.id}|${refused?.id ?? ''}`}>{form({ current, refused, local })}</Fragment>
        )}
      </EntityState>
    </div>
  )
}
