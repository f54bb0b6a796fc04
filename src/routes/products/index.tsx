import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { CATALOG_LISTS, catalogListQuery } from '../../api/catalog'
import { CatalogListRoute } from '../../features/catalog/catalog-list-screen'
import { catalogListRoute } from '../../features/catalog/catalog-search'

export const Route = createFileRoute('/products/')({
  ...catalogListRoute('products', {
    label: defineMessage({ id: 'menu.products', defaultMessage: 'Data Products' }),
    icon: 'products',
    order: 20,
    shown: 'always',
  }),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(catalogListQuery(CATALOG_LISTS.products, deps))
  },
  component: () => <CatalogListRoute list="products" />,
})
