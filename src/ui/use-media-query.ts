import { useSyncExternalStore } from 'react'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', listener)
      return () => list.removeEventListener('change', listener)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** Under 992 px the side menu becomes a drawer (992 px in logic; the CSS breakpoints are 768/767 px). */
export const MOBILE_QUERY = '(max-width: 991.98px)'
