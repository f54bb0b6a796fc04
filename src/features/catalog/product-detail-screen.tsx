import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl'
import { catalog, listOfType, type Product } from '../../api/catalog'
import { organizationsQuery } from '../../api/organizations'
import { useEntityActions } from '../../auth/permitted'
import { readTime } from '../../contract/reading'
import { useSession } from '../../core/session'
import { Button } from '../../ui/button'
import { OnDemand } from '../../ui/on-demand'
import { PageHeader } from '../../ui/page-header'
import { PendingBadge } from '../../ui/pending-badge'
import { EntityState } from '../../ui/query-state'
import { useEntity } from '../resource/use-entity'
import { catalogDeleteDialog } from './catalog-delete-part'
import type { CatalogPanels } from './catalog-panels'
import { editPath } from './catalog-paths'
import { EntityLink } from './entity-link'
import { ProductFacts } from './product-facts'

/** `/products/{id}`: every field of the entity readable; anonymous visitors see public products. */
export function ProductDetailScreen({ id, panels = {} }: { id: string; panels?: CatalogPanels }) {
  const { query, local, current: product } = useEntity(catalog, id)
  const intl = useIntl()

  if (!product)
    return (
      <div>
        <PageHeader title={<FormattedMessage id="page.product" defaultMessage="Data Product" />} />
        <EntityState query={query} local={local} shown={false} />
      </div>
    )
  return (
    <div>
      <PageHeader
        title={
          <>
            {product.name || intl.formatMessage({ id: 'page.product', defaultMessage: 'Data Product' })}
            <PendingBadge status={product.pendingStatus} />
          </>
        }
        actions={<DetailActions product={product} />}
      />
      <EntityState query={query} local={local} shown />
      {product.description && (
        <p className="my-3 max-w-3xl whitespace-pre-line text-gray-800">{product.description}</p>
      )}
      <ProductFacts product={product} />
      <Related product={product} />
      {panels.contracts && <section className="mt-6">{panels.contracts}</section>}
      {panels.credentials && <section className="mt-6">{panels.credentials}</section>}
    </div>
  )
}

function DetailActions({ product }: { product: Product }) {
  const navigate = useNavigate()
  const [confirm, setConfirm] = useState(false)
  const { mayUpdate, deleteAction } = useEntityActions('products', product.id)
  if (!useSession()) return null
  const list = listOfType(product.type)
  return (
    <div className="flex gap-2">
      {mayUpdate && (
        <Link
          to={editPath(list)}
          params={{ id: product.id }}
          className="inline-flex items-center rounded-md bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800"
        >
          <FormattedMessage id="common.edit" defaultMessage="Edit" />
        </Link>
      )}
      {/* Apart from Edit: a thumb aiming at one never lands on the other. */}
      <Button
        variant="danger"
        className="ml-6"
        data-destructive
        onClick={() => setConfirm(true)}
        disabled={deleteAction.disabled}
        title={deleteAction.reason}
      >
        <FormattedMessage id="common.delete" defaultMessage="Delete" />
      </Button>
      <OnDemand
        part={catalogDeleteDialog}
        asked={confirm}
        preload={!deleteAction.disabled}
        onClose={() => setConfirm(false)}
      >
        {(DeleteDialog) => (
          <DeleteDialog
            product={confirm ? product : null}
            onClose={(done) => {
              setConfirm(false)
              if (done) void navigate({ to: '/products' })
            }}
          />
        )}
      </OnDemand>
    </div>
  )
}

export function Fact({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div className="border-b border-gray-100 py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-gray-700">{term}</dt>
      <dd className="text-sm text-gray-900 sm:col-span-2">{children}</dd>
    </div>
  )
}

/** Publisher, connector, template, source and transformers, each a link to its own screen. */
function Related({ product }: { product: Product }) {
  const intl = useIntl()
  const me = useSession()?.user.id
  const organizations = useQuery({ ...organizationsQuery(), enabled: me !== undefined })
  // People by name, never by id: one the platform did not name is "another user". The signed-in
  // user is `self`, a choice of the message rather than a word put into it: Finnish says "you" with
  // the verb ("Loit tämän …"), not as a name in the sentence.
  const by = (id: string | undefined, name: string | undefined) => ({
    self: id !== undefined && id === me ? 'yes' : 'no',
    who:
      id === undefined
        ? '—'
        : (name ?? intl.formatMessage({ id: 'catalog.anotherUser', defaultMessage: 'another user' })),
  })
  const transformers = [...(product.selectedTransformers ?? []), ...(product.supportedTransformers ?? [])]
  return (
    <section className="mt-6 max-w-3xl rounded-lg bg-white p-4 shadow-sm">
      <h2 className="mb-2 text-lg font-semibold">
        <FormattedMessage id="catalog.related" defaultMessage="Publisher and links" />
      </h2>
      <dl>
        <Fact term={<FormattedMessage id="catalog.organization" defaultMessage="Organization" />}>
          {product.publisherOrganizationId ? (
            <Link
              to="/products"
              search={{ publisher: product.publisherOrganizationId, page: 1 }}
              className="text-primary-800 underline"
            >
              {product.organizationName ??
                organizations.data?.find((o) => o.id === product.publisherOrganizationId)?.name ??
                intl.formatMessage({
                  id: 'catalog.unknownOrganization',
                  defaultMessage: 'Organization not found',
                })}
            </Link>
          ) : (
            '—'
          )}
        </Fact>
        <Fact term={<FormattedMessage id="catalog.connector" defaultMessage="Connector" />}>
          {product.connector ? <EntityLink id={product.connector} list="connectors" /> : '—'}
        </Fact>
        <Fact term={<FormattedMessage id="catalog.template" defaultMessage="Template" />}>
          {product.dataSourceTemplate ? <EntityLink id={product.dataSourceTemplate} list="templates" /> : '—'}
        </Fact>
        <Fact term={<FormattedMessage id="catalog.dataSource" defaultMessage="Data source" />}>
          {product.dataSource ? <EntityLink id={product.dataSource} list="sources" /> : '—'}
        </Fact>
        <Fact term={<FormattedMessage id="catalog.transformers" defaultMessage="Transformers" />}>
          {transformers.length ? (
            <ul>
              {transformers.map((t) => (
                <li key={t}>
                  <EntityLink id={t} list="transformers" />
                </li>
              ))}
            </ul>
          ) : (
            '—'
          )}
        </Fact>
        <Fact term={<FormattedMessage id="catalog.whoWhen" defaultMessage="Created and updated" />}>
          <FormattedMessage
            id="catalog.createdBy"
            defaultMessage="Created {date} by {self, select, yes {you} other {{who}}}"
            values={{
              date: product.createdAt ? (
                <FormattedDate value={readTime(product.createdAt)} dateStyle="medium" timeStyle="short" />
              ) : (
                '—'
              ),
              ...by(product.createdBy, product.createdByName),
            }}
          />
          <br />
          <FormattedMessage
            id="catalog.updatedBy"
            defaultMessage="Updated {date} by {self, select, yes {you} other {{who}}}"
            values={{
              date: product.updatedAt ? (
                <FormattedDate value={readTime(product.updatedAt)} dateStyle="medium" timeStyle="short" />
              ) : (
                '—'
              ),
              ...by(product.updatedBy, product.updatedByName),
            }}
          />
        </Fact>
      </dl>
    </section>
  )
}
