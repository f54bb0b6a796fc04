import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { CATALOG_LISTS, catalogListQuery } from '../../../api/catalog'
import { CatalogListRoute } from '../../../features/catalog/catalog-list-screen'
import { catalogListRoute } from '../../../features/catalog/catalog-search'

export const Route = createFileRoute('/_user/transformers/')({
  ...catalogListRoute('transformers', {
    label: defineMessage({ id: 'menu.transformers', defaultMessage: 'Transformers' }),
    icon: 'transformers',
    order: 34,
    group: 'sources',
  }),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(catalogListQuery(CATALOG_LISTS.transformers, deps))
  },
  component: () => <CatalogListRoute list="transformers" />,
})
