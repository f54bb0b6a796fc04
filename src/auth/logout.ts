import { TASK_SECRETS } from '../contract/task-secrets'
import { queryClient } from '../core/query-client'
import { getSession, saveSession } from '../core/session'
import { localeSetting } from '../i18n/locale'
import { cachePersister } from '../pwa/cache-persister'

/**
 * Logout clears the store first, then logs out: an OIDC session's refresh token is revoked (its
 * grant, and so every token of the session, ends) and the session ends at the provider, which sends
 * the browser back to /login. `navigate` lands on /login otherwise.
 */
export async function logout(navigate: () => void | Promise<void>, { endProviderSession = true } = {}) {
  const session = getSession()
  // This device stops receiving the user's notifications, asked while the session still holds its token.
  if (localStorage.getItem('orchestrator.pushDevice'))
    await import('../api/push').then((m) => m.forgetThisDevice()).catch(() => undefined)
  await saveSession(null)
  // The app's badge counts the user's failed runs and waiting changes: the next person sees none.
  await import('../pwa/app-badge')
    .then((badge) => badge.updateAppBadge({ waiting: 0, failuresSeen: true }))
    .catch(() => undefined)
  queryClient.clear()
  await cachePersister.removeClient()
  // A draft outlives the session; a secret typed into it must not (the device may be shared). The
  // drafts' code, like their database, loads on demand: no first screen needs it.
  await import('../outbox/drafts')
    .then((drafts) => drafts.scrubDraftSecrets(TASK_SECRETS))
    .catch(() => undefined)
  if (session?.kind === 'oidc' && endProviderSession && navigator.onLine) {
    const oidc = await import('./oidc').catch(() => undefined)
    // The grant ends first: its tokens stop working even if the provider's sign-out page is left unconfirmed.
    const refreshToken = session.refreshToken
    if (refreshToken) await oidc?.revokeTokens(refreshToken).catch(() => undefined)
    const url = await oidc?.endSessionUrl(localeSetting.get()).catch(() => undefined)
    if (url) {
      location.assign(url)
      return
    }
  }
  await navigate()
}
