import { fetchMe } from '../api/users'
import { getSession, type Session, saveSession } from '../core/session'
import type { TokenSet } from './oidc'

/** Session and refresh tokens last 86400 s (one day). */
export const SESSION_SECONDS = 86_400

/** The platform refused a sign-in for too many failed ones (429): another may be tried after `seconds`. */
export class SignInThrottledError extends Error {
  constructor(readonly seconds: number) {
    super('Too many failed sign-ins')
  }
}

async function userFor(token: string): Promise<Session['user']> {
  const me = await fetchMe(token)
  if (me.status === 429) {
    const wait = (me.body as { retryAfter?: unknown } | undefined)?.retryAfter
    throw new SignInThrottledError(typeof wait === 'number' && wait > 0 ? wait : 60)
  }
  if (me.error !== undefined || !me.data?.id) throw new Error(me.error ?? 'Login failed!')
  const { id, email, firstName, lastName } = me.data
  return { id, email, firstName, lastName }
}

/** Developer login: the pasted token is checked against GET /api/PRODUCTION/me. */
export async function signInWithDeveloperToken(token: string): Promise<void> {
  const trimmed = token.trim()
  if (!trimmed) throw new Error('Login failed!')
  const user = await userFor(trimmed)
  await saveSession({
    kind: 'developer',
    user,
    token: trimmed,
    expiresAt: Date.now() + SESSION_SECONDS * 1000,
  })
}

function oidcSession(tokens: TokenSet, user: Session['user']): Session {
  return {
    kind: 'oidc',
    user,
    token: tokens.idToken,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
  }
}

export async function completeOidcLogin(callbackUrl: URL): Promise<void> {
  const { finishLogin } = await import('./oidc')
  const tokens = await finishLogin(callbackUrl)
  const user = await userFor(tokens.idToken)
  await saveSession(oidcSession(tokens, user))
}

/** Replaces the tokens of the current OIDC session with a refreshed set. */
export async function applyRefresh(refreshToken: string): Promise<void> {
  const { refreshTokens } = await import('./oidc')
  const tokens = await refreshTokens(refreshToken)
  const session = getSession()
  if (!session) return
  await saveSession(
    oidcSession({ ...tokens, refreshToken: tokens.refreshToken ?? refreshToken }, session.user),
  )
}
