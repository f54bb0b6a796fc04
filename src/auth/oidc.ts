import * as oauth from 'oauth4webapi'

/** The identity provider: the embedded one under /oidc unless the build names another. */
const issuer = new URL(import.meta.env.VITE_OIDC_ISSUER || `${location.origin}/oidc`)
const client: oauth.Client = { client_id: import.meta.env.VITE_OIDC_CLIENT_ID || 'orchestrator-console' }
const SCOPES = 'offline_access openid profile'
const PENDING_KEY = 'oidc.pending'
// oauth4webapi refuses plain http unless told: allowed only for a local platform.
const options = issuer.protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {}

export const redirectUri = () => `${location.origin}/redirect`
export const clientId = client.client_id

let server: Promise<oauth.AuthorizationServer> | undefined
function authorizationServer(): Promise<oauth.AuthorizationServer> {
  server ??= oauth
    .discoveryRequest(issuer, { algorithm: 'oidc', ...options })
    .then((response) => oauth.processDiscoveryResponse(issuer, response))
    .catch((error: unknown) => {
      server = undefined
      throw error
    })
  return server
}

interface Pending {
  verifier: string
  state: string
  nonce: string
}

/** Starts the code flow with PKCE (S256); the verifier waits in sessionStorage, never in a URL. */
export async function startLogin(locale: string): Promise<void> {
  const as = await authorizationServer()
  if (!as.authorization_endpoint) throw new Error('The identity provider has no authorization endpoint')
  const pending: Pending = {
    verifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
  }
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending))
  const url = new URL(as.authorization_endpoint)
  url.searchParams.set('client_id', client.client_id)
  url.searchParams.set('redirect_uri', redirectUri())
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('scope', SCOPES)
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(pending.verifier))
  url.searchParams.set('code_challenge_method', 'S256')
  url.searchParams.set('state', pending.state)
  url.searchParams.set('nonce', pending.nonce)
  // Without prompt=consent the provider drops offline_access, and with it the refresh token.
  url.searchParams.set('prompt', 'consent')
  url.searchParams.set('ui_locales', locale)
  location.assign(url.href)
}

export interface TokenSet {
  idToken: string
  accessToken: string
  refreshToken?: string
  /** Epoch milliseconds when the id token expires. */
  expiresAt: number
  subject: string
}

/** Thrown when the callback has no sign-in to finish (another tab, a lost session storage, a stale link). */
export class InterruptedLoginError extends Error {}

function toTokenSet(result: oauth.TokenEndpointResponse): TokenSet {
  const claims = oauth.getValidatedIdTokenClaims(result)
  if (!result.id_token || !claims) throw new Error('The identity provider returned no id token')
  return {
    idToken: result.id_token,
    accessToken: result.access_token,
    refreshToken: result.refresh_token,
    expiresAt: claims.exp * 1000,
    subject: claims.sub,
  }
}

/** Finishes the code flow at /redirect. */
export async function finishLogin(callbackUrl: URL): Promise<TokenSet> {
  const raw = sessionStorage.getItem(PENDING_KEY)
  sessionStorage.removeItem(PENDING_KEY)
  if (!raw) throw new InterruptedLoginError('No sign-in in progress')
  const pending = JSON.parse(raw) as Pending
  const as = await authorizationServer()
  const params = oauth.validateAuthResponse(as, client, callbackUrl, pending.state)
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    redirectUri(),
    pending.verifier,
    options,
  )
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  })
  return toTokenSet(result)
}

export async function refreshTokens(refreshToken: string): Promise<TokenSet> {
  const as = await authorizationServer()
  const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, options)
  return toTokenSet(await oauth.processRefreshTokenResponse(as, client, response))
}

/**
 * Revokes a refresh token at the provider's revocation endpoint: the provider ends its whole grant, so
 * every token of the session stops working at once, even if the sign-out page is left unconfirmed.
 */
export async function revokeTokens(refreshToken: string): Promise<void> {
  const as = await authorizationServer()
  if (!as.revocation_endpoint) return
  const response = await oauth.revocationRequest(as, client, oauth.None(), refreshToken, {
    ...options,
    additionalParameters: { token_type_hint: 'refresh_token' },
    signal: AbortSignal.timeout(5000),
  })
  await oauth.processRevocationResponse(response)
}

/** The provider's end-session address with client id and the post-logout redirect. */
// No id_token_hint: tokens never travel in URLs.
export async function endSessionUrl(locale: string): Promise<string | undefined> {
  const as = await authorizationServer()
  if (!as.end_session_endpoint) return undefined
  const url = new URL(as.end_session_endpoint)
  url.searchParams.set('client_id', client.client_id)
  url.searchParams.set('post_logout_redirect_uri', `${location.origin}/login`)
  url.searchParams.set('ui_locales', locale)
  return url.href
}

/** Why a sign-in could not start or finish, for the login screen to say. */
export type SignInFailure = 'unreachable' | 'issuer' | 'insecure' | 'refused' | 'other'

export function signInFailure(error: unknown): SignInFailure {
  if (error instanceof oauth.AuthorizationResponseError) return 'refused'
  if (typeof crypto === 'undefined' || !crypto.subtle) return 'insecure'
  if (error instanceof oauth.OperationProcessingError && /issuer/i.test(error.message)) return 'issuer'
  if (error instanceof TypeError) return 'unreachable'
  if (error instanceof oauth.OperationProcessingError && /status code/i.test(error.message))
    return 'unreachable'
  return 'other'
}

export const isProviderError = (error: unknown) => error instanceof oauth.AuthorizationResponseError
export const isGrantRevoked = (error: unknown) =>
  error instanceof oauth.ResponseBodyError && error.error === 'invalid_grant'
