import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { lastErrorsQuery, STATS_FIRST_LIMIT, TASK_STATUSES, taskCountQuery } from '../../api/monitoring'
import { HomeScreen } from '../../features/home/home-screen'
import { LastErrors } from '../../features/monitoring/last-errors'
import { SinceCard } from '../../features/since/since-card'

export const Route = createFileRoute('/_user/')({
  // Fill the cache without waiting: offline the cached figures show at once.
  loader: ({ context }) => {
    for (const status of TASK_STATUSES) void context.queryClient.prefetchQuery(taskCountQuery(status))
    void context.queryClient.prefetchQuery(lastErrorsQuery(STATS_FIRST_LIMIT))
  },
  component: Home,
})

/** Home, monitoring and "since you last looked" do not import each other: they are composed here. */
function Home() {
  const errors = useQuery(lastErrorsQuery(STATS_FIRST_LIMIT))
  return <HomeScreen lastErrors={<LastErrors query={errors} />} since={<SinceCard />} />
}
