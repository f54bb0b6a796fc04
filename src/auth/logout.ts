import { queryClient } from '../api/query-client'
import { cachePersister } from '../offline/cache-persister'
import { getSession, saveSession } from './session'

/**
 * Logout clears the store, then logs out (SPEC §2): an OIDC session also ends at the provider, which
 * sends the browser back to /login. `navigate` lands on /login otherwise.
 */
export async function logout(navigate: () => void | Promise<void>, { endProviderSession = true } = {}) {
  const session = getSession()
  await saveSession(null)
  queryClient.clear()
  await cachePersister.removeClient()
  if (session?.kind === 'oidc' && endProviderSession && navigator.onLine) {
    const url = await import('./oidc').then((m) => m.endSessionUrl()).catch(() => undefined)
    if (url) {
      location.assign(url)
      return
    }
  }
  await navigate()
}
