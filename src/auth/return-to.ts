/** Where the user was when the platform ended the session: signing in again returns there. */
const KEY = 'orchestrator.sessionEnded'

const isOwnPage = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !/^\/(login|redirect)\b/.test(path)

/** Notes the page (path and search) of a session that has just ended; the sign-in pages are not one. */
export function rememberSessionEnded(path: string) {
  if (!isOwnPage(path)) return
  try {
    sessionStorage.setItem(KEY, path)
  } catch {
    // Private mode without storage: signing in again goes home.
  }
}

/** The page of a session that ended, if any (the sign-in page says why it is shown). */
export function sessionEndedOn(): string | null {
  try {
    const path = sessionStorage.getItem(KEY)
    return path && isOwnPage(path) ? path : null
  } catch {
    return null
  }
}

/** Where to go after signing in: the page the ended session was on, once; else home. */
export function takeReturnPath(): string {
  const path = sessionEndedOn()
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing stored.
  }
  return path ?? '/'
}
