import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { CATALOG_LISTS, catalogListQuery } from '../../../api/catalog'
import { CatalogListScreen } from '../../../features/catalog/catalog-list-screen'
import { catalogSearch, listParams } from '../../../features/catalog/catalog-search'

export const Route = createFileRoute('/_user/templates/')({
  staticData: {
    menu: {
      label: defineMessage({ id: 'menu.templates', defaultMessage: 'Templates' }),
      icon: 'templates',
      order: 32,
      group: 'sources',
    },
  },
  validateSearch: catalogSearch('templates'),
  loaderDeps: ({ search }) => listParams(search),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(catalogListQuery(CATALOG_LISTS.templates, deps))
  },
  component: ListRoute,
})

function ListRoute() {
  const navigate = Route.useNavigate()
  return (
    <CatalogListScreen
      list="templates"
      search={Route.useSearch()}
      onSearch={(search, options) => void navigate({ search, replace: options?.replace })}
    />
  )
}
