import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { catalogItemQuery } from '../../api/catalog'
import { PRODUCTS_RESOURCE, type ProductPart, productPartQuery } from '../../api/product-parts'
import { fieldsOf } from '../../contract/reading'
import { useSession } from '../../core/session'
import { usePendingChanges } from '../../outbox/use-outbox'
import { JsonPartEditor } from './json-part-editor'

const PARTS: ProductPart[] = ['task', 'meta']

/** The task and meta data of a source: JSON objects, saved through the outbox. */
export function SourceTaskMeta({ sourceId }: { sourceId: string }) {
  const intl = useIntl()
  const session = useSession()
  // The product's version is the base of a save (If-Match): a newer edit is a conflict, not lost.
  const version = useQuery({ ...catalogItemQuery(sourceId), enabled: session !== null })
  const pending = usePendingChanges(PRODUCTS_RESOURCE).filter((e) => e.entityId === sourceId)
  if (!session) return null
  return (
    <section
      aria-labelledby={`task-meta-${sourceId}`}
      className="grid gap-4 rounded-lg bg-white p-4 shadow-sm lg:grid-cols-2"
    >
      <h2 id={`task-meta-${sourceId}`} className="text-lg font-semibold lg:col-span-2">
        <FormattedMessage id="sourceParts.title" defaultMessage="Task and meta data" />
      </h2>
      {PARTS.map((part) => (
        <PartEditor
          key={part}
          sourceId={sourceId}
          part={part}
          label={
            part === 'task'
              ? intl.formatMessage({ id: 'sourceParts.task', defaultMessage: 'Task data' })
              : intl.formatMessage({ id: 'sourceParts.meta', defaultMessage: 'Meta data' })
          }
          productName={version.data?.name ?? ''}
          baseVersion={version.data?.updatedAt}
          queued={pending.filter((e) => e.path.endsWith(`/${part}`))}
        />
      ))}
    </section>
  )
}

function PartEditor({
  sourceId,
  part,
  label,
  productName,
  baseVersion,
  queued,
}: {
  sourceId: string
  part: ProductPart
  label: string
  productName: string
  baseVersion?: string
  queued: ReturnType<typeof usePendingChanges>
}) {
  const query = useQuery(productPartQuery(sourceId, part))
  const [saved, setSaved] = useState(false)
  const last = queued.at(-1)
  // A queued save is what the user last saw: show it, not the older answer of the platform.
  const value = last ? fieldsOf(last.body)[part] : query.data
  return (
    <JsonPartEditor
      sourceId={sourceId}
      part={part}
      label={label}
      value={value}
      // Nothing to show (not fetched, not cached): no editing, or a save would blank what the platform holds.
      loading={query.data === undefined && !last}
      error={query.isError ? query.error.message : undefined}
      productName={productName}
      baseVersion={baseVersion}
      pendingStatus={last?.status}
      saved={saved}
      onSaved={setSaved}
    />
  )
}
