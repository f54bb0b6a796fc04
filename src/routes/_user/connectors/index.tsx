import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { CATALOG_LISTS, catalogListQuery } from '../../../api/catalog'
import { CatalogListScreen } from '../../../features/catalog/catalog-list-screen'
import { catalogSearch, listParams } from '../../../features/catalog/catalog-search'

export const Route = createFileRoute('/_user/connectors/')({
  staticData: {
    menu: {
      label: defineMessage({ id: 'menu.connectors', defaultMessage: 'Connectors' }),
      icon: 'connectors',
      order: 33,
      group: 'sources',
    },
  },
  validateSearch: catalogSearch('connectors'),
  loaderDeps: ({ search }) => listParams(search),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(catalogListQuery(CATALOG_LISTS.connectors, deps))
  },
  component: ListRoute,
})

function ListRoute() {
  const navigate = Route.useNavigate()
  return (
    <CatalogListScreen
      list="connectors"
      search={Route.useSearch()}
      onSearch={(search, options) => void navigate({ search, replace: options?.replace })}
    />
  )
}
