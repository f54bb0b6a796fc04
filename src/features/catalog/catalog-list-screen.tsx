import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { type CatalogList, catalog, type Product } from '../../api/catalog'
import { fieldsOf } from '../../contract/reading'
import { useSession } from '../../core/session'
import type { OutboxEntry } from '../../outbox/db'
import { OnDemand } from '../../ui/on-demand'
import { AskedPart, onDemand } from '../../ui/on-demand-part'
import { ListScreen } from '../resource/list-screen'
import { useList } from '../resource/use-entity'
import { catalogDeleteDialog } from './catalog-delete-part'
import { CatalogFilters } from './catalog-filters'
import { CATALOG_KINDS } from './catalog-kinds'
import { createPath } from './catalog-paths'
import { type CatalogSearch, listParams } from './catalog-search'
import { useCatalogTable } from './catalog-table'

/** Refused changes are rare: their wording (the failure texts' rules) loads when there is one. */
const failedChanges = onDemand(
  () => import('./failed-changes'),
  (m) => m.FailedChanges,
)
const isRefused = (entry: OutboxEntry) => entry.status === 'failed' || entry.status === 'conflict'

/** Queued changes that belong to this list: a queued create shows only in the list of its type. */
export function changesOfType<E extends Pick<OutboxEntry, 'method' | 'body'>>(entries: E[], type: string) {
  return entries.filter((e) => e.method !== 'POST' || fieldsOf(e.body).type === type)
}

/** The route of each catalog list, whose address the list reads and moves in. */
const LIST_ROUTES = {
  products: '/products/',
  sources: '/_user/sources/',
  templates: '/_user/templates/',
  connectors: '/_user/connectors/',
  transformers: '/_user/transformers/',
} as const satisfies Record<CatalogList, string>

/** A catalog list's route component: the list, with its route's address. */
export function CatalogListRoute({ list }: { list: CatalogList }) {
  const route = getRouteApi(LIST_ROUTES[list])
  const navigate = route.useNavigate()
  return (
    <CatalogListScreen
      list={list}
      search={route.useSearch()}
      onSearch={(next, options) =>
        void navigate({ search: (latest) => ({ ...latest, ...next }), replace: options?.replace })
      }
    />
  )
}

/**
 * The one list of the catalog (products, sources, templates, connectors, transformers):
 * server-side pages, sort, filters and search, the user's own items first, queued changes on top.
 * The platform paints a visitor's first page of products with the same markup before the console
 * loads (server/products-picture.ts): a change to what this screen shows is made there too.
 */
export function CatalogListScreen({
  list,
  search,
  onSearch,
}: {
  list: CatalogList
  search: CatalogSearch
  /** Changes to the address's search, made to the latest address (a second change before the list re-renders keeps the first). */
  onSearch: (next: Partial<CatalogSearch>, options?: { replace?: boolean }) => void
}) {
  const intl = useIntl()
  const kind = CATALOG_KINDS[list]
  const session = useSession()
  const params = listParams(search)
  const me = session?.user.id
  // The caller's own items first (the platform sorts so too; a page must not disagree).
  const mine = (p: Product) => (me !== undefined && p.createdBy === me ? 0 : 1)
  const {
    query,
    items: rows,
    pending,
  } = useList(
    catalog,
    { type: kind.type, ...params },
    {
      only: (entries) => changesOfType(entries, kind.type),
      order: (items) => [...items].sort((a, b) => mine(a) - mine(b)),
    },
  )
  const [deleting, setDeleting] = useState<Product | null>(null)
  const canEdit = session !== null

  const table = useCatalogTable(list, {
    canEdit,
    onDelete: setDeleting,
    onOrganization: (publisher) => onSearch({ publisher, page: 1 }),
  })
  const title = intl.formatMessage(kind.title)

  return (
    <ListScreen
      title={title}
      create={
        session
          ? { type: 'products', to: createPath(list), label: intl.formatMessage(kind.newButton) }
          : undefined
      }
      filters={<CatalogFilters search={search} onChange={(next) => onSearch(next)} />}
      notices={
        pending.some(isRefused) && (
          // Its code not come: the list shows without it, and a notice says so.
          <AskedPart part={failedChanges} onFailed={() => undefined}>
            {(FailedChanges) => <FailedChanges entries={pending} />}
          </AskedPart>
        )
      }
      query={query}
      pages={{
        list,
        page: params.page,
        limit: params.limit,
        go: (next, replace) => onSearch(next, { replace }),
      }}
      {...table}
      rows={rows}
      rowTestId="catalog-row"
      sort={{ sortBy: params.sortBy, sortOrder: params.sortOrder }}
      onSort={(next) =>
        onSearch({
          page: 1,
          sortBy: next.sortBy === 'updatedAt' ? undefined : next.sortBy,
          sortOrder: next.sortOrder === 'asc' ? 'asc' : undefined,
        })
      }
    >
      <OnDemand
        part={catalogDeleteDialog}
        asked={deleting !== null}
        preload={canEdit}
        onClose={() => setDeleting(null)}
      >
        {(DeleteDialog) => <DeleteDialog product={deleting} onClose={() => setDeleting(null)} />}
      </OnDemand>
    </ListScreen>
  )
}
