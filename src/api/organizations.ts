import { queryOptions } from '@tanstack/react-query'
import type { Organization } from '../contract/user'
import { dataOrThrow, request } from '../core/http'
import { scopeKey } from '../core/keys'

export type { Organization } from '../contract/user'

export const organizationKeys = {
  all: () => [...scopeKey(), 'organizations'] as const,
}

// Made on first use: building a collator loads ICU data, too slow for module start-up on a phone.
let collator: Intl.Collator | undefined

/** Sorted by name, accent-insensitively: Aalto, Ääneseudun, Équipe, Örebro. */
export function sortOrganizations(list: Organization[]): Organization[] {
  collator ??= new Intl.Collator('en', { sensitivity: 'base' })
  const compare = collator.compare
  return [...list].sort((a, b) => compare(a.name, b.name))
}

export const organizationsQuery = () =>
  queryOptions({
    queryKey: organizationKeys.all(),
    queryFn: async ({ signal }) => {
      const data = dataOrThrow(
        await request<Organization[]>({
          path: '/api/{env}/auth/organizations',
          query: { limit: 1000 },
          signal,
          schema: (a) => a.listOf(a.namedAnswer),
        }),
      )
      return sortOrganizations(Array.isArray(data) ? data : [])
    },
  })
