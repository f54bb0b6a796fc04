import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { eventsQuery } from '../../api/events'
import { EventsScreen } from '../../features/events/events-screen'
import { filtersOf, parseEventsSearch } from '../../features/events/events-search'
import { eventsErrorFilter } from '../../shell/events-error-filter'

export const Route = createFileRoute('/_user/events')({
  staticData: {
    menu: {
      label: defineMessage({ id: 'menu.events', defaultMessage: 'Events' }),
      icon: 'events',
      order: 50,
    },
  },
  // Without `error` in the URL the stored choice applies; the menu's Events entry clears it.
  validateSearch: (raw: Record<string, unknown>) =>
    parseEventsSearch(raw, eventsErrorFilter.get() === 'true'),
  loaderDeps: ({ search }) => filtersOf(search),
  // Fill the cache without waiting: offline the cached list shows at once.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(eventsQuery(deps))
  },
  component: Screen,
})

function Screen() {
  return <EventsScreen onErrorFilter={(on) => eventsErrorFilter.set(on ? 'true' : 'false')} />
}
