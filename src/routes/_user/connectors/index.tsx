import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { CATALOG_LISTS, catalogListQuery } from '../../../api/catalog'
import { CatalogListRoute } from '../../../features/catalog/catalog-list-screen'
import { catalogListRoute } from '../../../features/catalog/catalog-search'

export const Route = createFileRoute('/_user/connectors/')({
  ...catalogListRoute('connectors', {
    label: defineMessage({ id: 'menu.connectors', defaultMessage: 'Connectors' }),
    icon: 'connectors',
    order: 33,
    group: 'sources',
  }),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(catalogListQuery(CATALOG_LISTS.connectors, deps))
  },
  component: () => <CatalogListRoute list="connectors" />,
})
