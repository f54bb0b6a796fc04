import { createFileRoute } from '@tanstack/react-router'
import { applications } from '../../../../features/applications/applications-resource'
import { ApplicationsScreen } from '../../../../features/applications/applications-screen'
import { pagedSearch } from '../../../../ui/list-search'

// A constant outside the route (inline, its search type is lost), naming the list by its resource
// name, not by an import: the route's address is read on the first load, the screens are not.
const search = pagedSearch('applications', {})

export const Route = createFileRoute('/_user/me_/applications/')({
  validateSearch: search,
  loaderDeps: ({ search }) => ({ page: search.page, limit: search.limit }),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(applications.listQuery(deps))
  },
  component: ApplicationsScreen,
})
