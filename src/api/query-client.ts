import { QueryClient } from '@tanstack/react-query'

/** The one query cache of the console; `offlineFirst` so loaders never hang without a connection. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { networkMode: 'offlineFirst', staleTime: 30_000, gcTime: 24 * 60 * 60 * 1000, retry: 1 },
    mutations: { networkMode: 'offlineFirst' },
  },
})
