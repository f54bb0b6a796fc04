import { FormattedMessage } from 'react-intl'
import { dataFormats } from '../../api/data-formats'
import { PermittedScreen } from '../../auth/permitted'
import { PageHeader } from '../../ui/page-header'
import { PendingBadge } from '../../ui/pending-badge'
import { EntityState } from '../../ui/query-state'
import { useEntity } from '../resource/use-entity'
import { DataFormatForm } from './data-format-form'

/** `/data-formats/create` and `/data-formats/{id?}/edit`: without an id the form creates. */
/** The data format form, for users who may create (or, with an id, change) data formats. */
export function DataFormatEditScreen({ id }: { id?: string }) {
  return (
    <PermittedScreen check={{ type: 'data-formats', actions: id ? 'update' : 'create', entityIds: id }}>
      <DataFormatEditForm id={id} />
    </PermittedScreen>
  )
}

function DataFormatEditForm({ id: routeId }: { id?: string }) {
  const { id, local, query, current, refused } = useEntity(dataFormats, routeId)

  if (!id) {
    return (
      <div>
        <PageHeader
          title={<FormattedMessage id="page.dataFormatCreate" defaultMessage="New data format" />}
        />
        <DataFormatForm />
      </div>
    )
  }
  return (
    <div>
      <PageHeader
        title={
          <>
            <FormattedMessage id="page.dataFormatEdit" defaultMessage="Edit data format" />
            <PendingBadge status={current?.pendingStatus} />
          </>
        }
      />
      <EntityState query={query} local={local} shown={current !== undefined}>
        {current && (
          <DataFormatForm key={`${current.id}|${refused?.id ?? ''}`} current={current} refused={refused} />
        )}
      </EntityState>
    </div>
  )
}
