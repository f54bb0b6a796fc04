import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { CATALOG_LISTS, catalogListQuery } from '../../../api/catalog'
import { CatalogListRoute } from '../../../features/catalog/catalog-list-screen'
import { catalogListRoute } from '../../../features/catalog/catalog-search'

export const Route = createFileRoute('/_user/templates/')({
  ...catalogListRoute('templates', {
    label: defineMessage({ id: 'menu.templates', defaultMessage: 'Templates' }),
    icon: 'templates',
    order: 32,
    group: 'sources',
  }),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(catalogListQuery(CATALOG_LISTS.templates, deps))
  },
  component: () => <CatalogListRoute list="templates" />,
})
