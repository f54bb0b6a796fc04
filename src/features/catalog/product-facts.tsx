import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Product } from '../../api/catalog'
import { dataFormatsQuery } from '../../api/data-formats'
import { organizationsQuery } from '../../api/organizations'
import { useSession } from '../../auth/session'
import { useCatalogLabels } from './catalog-labels'

function Row({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className="border-b border-gray-100 py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-gray-700">{term}</dt>
      <dd className="text-sm break-words text-gray-900 sm:col-span-2">{children}</dd>
    </div>
  )
}

const none = '—'
const listed = (items: string[] | undefined, name: (v: string) => string = (v) => v) =>
  items?.length ? items.map(name).join(', ') : none
const json = (value: unknown) =>
  value === undefined || value === null ? (
    none
  ) : (
    <pre className="max-h-64 overflow-auto rounded bg-gray-50 p-2 font-mono text-xs">
      {JSON.stringify(value, null, 2)}
    </pre>
  )

/** The SPEC §3 fields of a catalog entity in readable form. */
export function ProductFacts({ product: p }: { product: Product }) {
  const intl = useIntl()
  const labels = useCatalogLabels()
  const signedIn = useSession() !== null
  // Names for ids, when the signed-in user may read them; otherwise the ids themselves.
  const formats = useQuery({ ...dataFormatsQuery({ page: 1, limit: 100 }), enabled: signedIn })
  const organizations = useQuery({ ...organizationsQuery(), enabled: signedIn })
  const formatName = (id: string) => formats.data?.items.find((f) => f.id === id)?.name ?? id
  const orgName = (id: string) => organizations.data?.find((o) => o.id === id)?.name ?? id
  const yes = (v: boolean | undefined) =>
    v
      ? intl.formatMessage({ id: 'common.yes', defaultMessage: 'Yes' })
      : intl.formatMessage({ id: 'common.no', defaultMessage: 'No' })
  const f = (id: string, defaultMessage: string) => (
    <FormattedMessage id={id} defaultMessage={defaultMessage} />
  )

  return (
    <section className="mt-4 max-w-3xl rounded-lg bg-white p-4 shadow-sm">
      <h2 className="mb-2 text-lg font-semibold">{f('catalog.details', 'Details')}</h2>
      <dl>
        <Row term={f('catalog.field.productCode', 'Product code')}>
          <span className="font-mono">{p.productCode}</span>
        </Row>
        <Row term={f('catalog.field.status', 'Status')}>{p.status ? labels.status(p.status) : none}</Row>
        <Row term={f('catalog.visibility', 'Visibility')}>
          {p.visibility ? labels.visibility(p.visibility.type) : labels.visibility('public')}
          {p.visibility?.type === 'organizations' && `: ${listed(p.visibility.visibleTo, orgName)}`}
        </Row>
        <Row term={f('catalog.qualityAttributes', 'Quality attributes')}>{listed(p.qualityAttributes)}</Row>
        <Row term={f('catalog.industries', 'Industries')}>{listed(p.industries)}</Row>
        <Row term={f('catalog.inputFormats', 'Input formats')}>{listed(p.inputFormats, formatName)}</Row>
        <Row term={f('catalog.outputFormat', 'Output format')}>
          {p.outputFormat ? formatName(p.outputFormat) : none}
        </Row>
        <Row term={f('catalog.protocol', 'Protocol')}>{p.protocolId ?? none}</Row>
        <Row term={f('catalog.accessPoint', 'Access point')}>{p.accessPoint || none}</Row>
        <Row term={f('catalog.contactPerson', 'Contact person')}>
          {p.contactPersonName || none}
          {p.contactPersonEmail && (
            <>
              {' · '}
              <a href={`mailto:${p.contactPersonEmail}`} className="text-primary-800 underline">
                {p.contactPersonEmail}
              </a>
            </>
          )}
        </Row>
        <Row term={f('catalog.imageUrl', 'Image URL')}>{p.imageUrl || none}</Row>
        <Row term={f('catalog.isExternal', 'External')}>{yes(p.isExternal)}</Row>
        <Row term={f('catalog.isOfficial', 'Official')}>{yes(p.isOfficial)}</Row>
        <Row term={f('catalog.harmonizedData', 'Harmonized data')}>{yes(p.harmonizedData)}</Row>
        <Row term={f('catalog.allowConsumerCredentials', 'Consumers may bring their own credentials')}>
          {yes(p.allowConsumerCredentials)}
        </Row>
        <Row term={f('catalog.parameterOptions', 'Parameter options')}>{json(p.parameterOptions)}</Row>
        <Row term={f('catalog.parameterContext', 'Parameter context')}>{json(p.parameterContext)}</Row>
        {p.actions !== undefined && <Row term={f('catalog.actions', 'Actions')}>{json(p.actions)}</Row>}
        {p.type === 'connector' && (
          <>
            <Row term={f('catalog.connectorType', 'Connector type')}>{p.connectorType || none}</Row>
            <Row term={f('catalog.connectorInfo', 'Connector info')}>{json(p.connectorInfo)}</Row>
            <Row term={f('catalog.connectorParameterMap', 'Connector parameter map')}>
              {json(p.connectorParameterMap)}
            </Row>
          </>
        )}
        {p.type === 'transformer' && (
          <>
            <Row term={f('catalog.transformerType', 'Transformer type')}>{p.transformerType || none}</Row>
            <Row term={f('catalog.transformationMap', 'Transformation map')}>{json(p.transformationMap)}</Row>
            <Row term={f('catalog.schema', 'Schema')}>
              {[p.schemaName, p.schemaVersion, p.schemaUrl].filter(Boolean).join(' · ') || none}
            </Row>
          </>
        )}
      </dl>
    </section>
  )
}
