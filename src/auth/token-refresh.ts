import { getSession, onSessionChange, restoreSession } from '../core/session'

/** Refresh this long before the id token expires. */
const MARGIN_MS = 5 * 60_000
const RETRY_MS = 60_000
let timer: ReturnType<typeof setTimeout> | undefined

/**
 * Refreshes the OIDC session before it expires, in one tab at a time: a rotated refresh token used
 * twice revokes the grant, so the lock holder re-reads the session another tab may have renewed.
 */
async function refreshNow(onRevoked: () => void): Promise<void> {
  const run = async () => {
    const session = await restoreSession()
    if (session?.kind !== 'oidc' || !session.refreshToken) return
    if (session.expiresAt - Date.now() > MARGIN_MS) return
    // Loaded on demand: the OIDC client stays out of the first screen's JavaScript.
    const { applyRefresh } = await import('./sign-in')
    await applyRefresh(session.refreshToken)
  }
  try {
    if (navigator.locks) await navigator.locks.request('orchestrator-token-refresh', run)
    else await run()
  } catch (error) {
    const { isGrantRevoked } = await import('./oidc')
    if (isGrantRevoked(error)) onRevoked()
    else schedule(RETRY_MS, onRevoked)
  }
}

function schedule(delay: number, onRevoked: () => void) {
  clearTimeout(timer)
  timer = setTimeout(() => void refreshNow(onRevoked), Math.max(0, delay))
}

export function startTokenRefresh(onRevoked: () => void): () => void {
  const plan = () => {
    const session = getSession()
    if (session?.kind === 'oidc' && session.refreshToken)
      schedule(session.expiresAt - Date.now() - MARGIN_MS, onRevoked)
    else clearTimeout(timer)
  }
  plan()
  const stop = onSessionChange(plan)
  window.addEventListener('online', plan)
  return () => {
    stop()
    window.removeEventListener('online', plan)
    clearTimeout(timer)
  }
}
