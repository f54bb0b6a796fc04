import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { dataFormatsQuery } from '../../../api/data-formats'
import { DataFormatsScreen } from '../../../features/data-formats/data-formats-screen'
import { dataFormatsSearch } from '../../../features/data-formats/data-formats-search'

export const Route = createFileRoute('/_user/data-formats/')({
  staticData: {
    menu: {
      label: defineMessage({ id: 'menu.dataFormats', defaultMessage: 'Data Formats' }),
      icon: 'dataFormats',
      order: 40,
    },
  },
  validateSearch: dataFormatsSearch,
  loaderDeps: ({ search }) => ({ page: search.page, limit: search.limit }),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(dataFormatsQuery(deps))
  },
  component: DataFormatsScreen,
})
