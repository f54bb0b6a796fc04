import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { CATALOG_LISTS, catalogListQuery } from '../../../api/catalog'
import { CatalogListRoute } from '../../../features/catalog/catalog-list-screen'
import { catalogListRoute } from '../../../features/catalog/catalog-search'

export const Route = createFileRoute('/_user/sources/')({
  ...catalogListRoute('sources', {
    label: defineMessage({ id: 'menu.browse', defaultMessage: 'Browse' }),
    icon: 'browse',
    order: 31,
    group: 'sources',
  }),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(catalogListQuery(CATALOG_LISTS.sources, deps))
  },
  component: () => <CatalogListRoute list="sources" />,
})
