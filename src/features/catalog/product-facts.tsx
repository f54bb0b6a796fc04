import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { type Product, protocolOptionsQuery } from '../../api/catalog'
import { dataFormatsQuery } from '../../api/data-formats'
import { organizationsQuery } from '../../api/organizations'
import {
  PRODUCT_FIELD_NAMES,
  PRODUCT_FIELD_VIEWS,
  type ProductFieldView,
} from '../../contract/product-values'
import { findDataFormat, isUnreadable, readNames } from '../../contract/reading'
import { useSession } from '../../core/session'
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
/** A text as it is; anything else, or nothing, as a dash. */
const textOr = (value: unknown) => (typeof value === 'string' && value ? value : none)
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

/** Every field of a catalog entity in readable form; the field table's lines among them. */
export function ProductFacts({ product: p }: { product: Product }) {
  const intl = useIntl()
  const labels = useCatalogLabels()
  const signedIn = useSession() !== null
  // Names for ids, when the signed-in user may read them; otherwise the ids themselves.
  const formats = useQuery({ ...dataFormatsQuery({ page: 1, limit: 100 }), enabled: signedIn })
  const organizations = useQuery({ ...organizationsQuery(), enabled: signedIn })
  const protocols = useQuery({ ...protocolOptionsQuery(), enabled: signedIn && Boolean(p.protocolId) })
  // A format named by id or code; one that is gone says so, but only when every format is known.
  const known = (formats.data?.items ?? []).filter((f) => !isUnreadable(f))
  const complete =
    formats.isSuccess && !formats.data.error && !formats.data.more && known.length >= formats.data.totalCount
  const formatName = (ref: string) =>
    findDataFormat(known, ref)?.name ??
    (complete
      ? intl.formatMessage({ id: 'catalog.formatMissing', defaultMessage: 'Removed data format' })
      : ref)
  const orgName = (id: string) => organizations.data?.find((o) => o.id === id)?.name ?? id
  const yes = (v: boolean | undefined) =>
    v
      ? intl.formatMessage({ id: 'common.yes', defaultMessage: 'Yes' })
      : intl.formatMessage({ id: 'common.no', defaultMessage: 'No' })

  return (
    <section className="mt-4 max-w-3xl rounded-lg bg-white p-4 shadow-sm">
      <h2 className="mb-2 text-lg font-semibold">
        {<FormattedMessage id="catalog.details" defaultMessage="Details" />}
      </h2>
      <dl>
        <Row term={<FormattedMessage id="catalog.field.productCode" defaultMessage="Product code" />}>
          <span className="font-mono">{p.productCode}</span>
        </Row>
        <Row term={<FormattedMessage id="catalog.type" defaultMessage="Type" />}>{labels.type(p.type)}</Row>
        <Row term={<FormattedMessage id="catalog.field.status" defaultMessage="Status" />}>
          {p.status ? labels.status(p.status) : none}
        </Row>
        <Row term={<FormattedMessage id="catalog.visibility" defaultMessage="Visibility" />}>
          {p.visibility ? labels.visibility(p.visibility.type) : labels.visibility('public')}
          {p.visibility?.type === 'organizations' && `: ${listed(p.visibility.visibleTo, orgName)}`}
        </Row>
        <Row term={<FormattedMessage id="catalog.qualityAttributes" defaultMessage="Quality attributes" />}>
          {listed(readNames(p.qualityAttributes))}
        </Row>
        <Row term={<FormattedMessage id="catalog.industries" defaultMessage="Industries" />}>
          {listed(readNames(p.industries))}
        </Row>
        <Row term={<FormattedMessage id="catalog.inputFormats" defaultMessage="Input formats" />}>
          {listed(p.inputFormats, formatName)}
        </Row>
        <Row term={<FormattedMessage id="catalog.outputFormat" defaultMessage="Output format" />}>
          {p.outputFormat ? formatName(p.outputFormat) : none}
        </Row>
        <Row term={<FormattedMessage id="catalog.protocol" defaultMessage="Protocol" />}>
          {p.protocolId
            ? (protocols.data?.find((o) => o.value === p.protocolId)?.label ?? p.protocolId)
            : none}
        </Row>
        <Row term={<FormattedMessage id="catalog.accessPoint" defaultMessage="Access point" />}>
          {p.accessPoint || none}
        </Row>
        <Row term={<FormattedMessage id="catalog.contactPerson" defaultMessage="Contact person" />}>
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
        {PRODUCT_FIELD_NAMES.map((name) => {
          const field: ProductFieldView = PRODUCT_FIELD_VIEWS[name]
          if (!field.facts) return null
          const value = p[name]
          return (
            <Row key={name} term={intl.formatMessage(field.label)}>
              {field.facts === 'yes' ? yes(value === true) : textOr(value)}
            </Row>
          )
        })}
        <Row term={<FormattedMessage id="catalog.harmonizedData" defaultMessage="Harmonized data" />}>
          {yes(p.harmonizedData)}
        </Row>
        <Row
          term={
            <FormattedMessage
              id="catalog.allowConsumerCredentials"
              defaultMessage="Consumers may bring their own credentials"
            />
          }
        >
          {yes(p.allowConsumerCredentials)}
        </Row>
        <Row term={<FormattedMessage id="catalog.parameterOptions" defaultMessage="Parameter options" />}>
          {json(p.parameterOptions)}
        </Row>
        <Row term={<FormattedMessage id="catalog.parameterContext" defaultMessage="Parameter context" />}>
          {json(p.parameterContext)}
        </Row>
        {p.actions !== undefined && (
          <Row term={<FormattedMessage id="catalog.actions" defaultMessage="Actions" />}>
            {json(p.actions)}
          </Row>
        )}
        {p.type === 'connector' && (
          <>
            <Row term={<FormattedMessage id="catalog.connectorType" defaultMessage="Connector type" />}>
              {p.connectorType || none}
            </Row>
            <Row term={<FormattedMessage id="catalog.connectorInfo" defaultMessage="Connector info" />}>
              {json(p.connectorInfo)}
            </Row>
            <Row
              term={
                <FormattedMessage
                  id="catalog.connectorParameterMap"
                  defaultMessage="Connector parameter map"
                />
              }
            >
              {json(p.connectorParameterMap)}
            </Row>
          </>
        )}
        {p.type === 'transformer' && (
          <>
            <Row term={<FormattedMessage id="catalog.transformerType" defaultMessage="Transformer type" />}>
              {p.transformerType || none}
            </Row>
            <Row
              term={<FormattedMessage id="catalog.transformationMap" defaultMessage="Transformation map" />}
            >
              {json(p.transformationMap)}
            </Row>
            <Row term={<FormattedMessage id="catalog.schema" defaultMessage="Schema" />}>
              {[p.schemaName, p.schemaVersion, p.schemaUrl].filter(Boolean).join(' · ') || none}
            </Row>
          </>
        )}
      </dl>
    </section>
  )
}
