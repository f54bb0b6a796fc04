import { FormattedMessage } from 'react-intl'
import { dataFormats } from '../../api/data-formats'
import { PermittedScreen } from '../../auth/permitted'
import { EntityEditPage } from '../resource/entity-edit-page'
import { DataFormatForm } from './data-format-form'

/** `/data-formats/create` and `/data-formats/{id?}/edit`: without an id the form creates. */
/** The data format form, for users who may create (or, with an id, change) data formats. */
export function DataFormatEditScreen({ id }: { id?: string }) {
  return (
    <PermittedScreen check={{ type: 'data-formats', actions: id ? 'update' : 'create', entityIds: id }}>
      <EntityEditPage
        resource={dataFormats}
        routeId={id}
        createTitle={<FormattedMessage id="page.dataFormatCreate" defaultMessage="New data format" />}
        editTitle={<FormattedMessage id="page.dataFormatEdit" defaultMessage="Edit data format" />}
        form={(entity) => <DataFormatForm current={entity?.current} refused={entity?.refused} />}
      />
    </PermittedScreen>
  )
}
