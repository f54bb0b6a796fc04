import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { CATALOG_LISTS, catalogListQuery } from '../../api/catalog'
import { CatalogListScreen } from '../../features/catalog/catalog-list-screen'
import { catalogSearch, listParams } from '../../features/catalog/catalog-search'

export const Route = createFileRoute('/products/')({
  staticData: {
    menu: {
      label: defineMessage({ id: 'menu.products', defaultMessage: 'Data Products' }),
      icon: 'products',
      order: 20,
      shown: 'always',
    },
  },
  validateSearch: catalogSearch('products'),
  loaderDeps: ({ search }) => listParams(search),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(catalogListQuery(CATALOG_LISTS.products, deps))
  },
  component: ListRoute,
})

function ListRoute() {
  const navigate = Route.useNavigate()
  return (
    <CatalogListScreen
      list="products"
      search={Route.useSearch()}
      onSearch={(search, options) => void navigate({ search, replace: options?.replace })}
    />
  )
}
