/**
 * A picture of the last screen the console showed at a URL, kept in localStorage, and painted by the
 * entry script at the next start before the console has loaded: the user sees the list at once, and
 * the console replaces the picture when it renders. Only a picture taken in the same language,
 * environment, API version and organization is painted; a sign-out or another user clears them all.
 * No dependencies: the entry script stays small.
 */
/** One item per URL (`firstScreen:/tasks`), so a start reads only its own picture. */
export const PICTURE_PREFIX = 'firstScreen:'
/** Marks the painted picture (inert and hidden from assistive technology, like the static frame). */
export const PICTURE_ATTRIBUTE = 'data-first-screen'

export interface Picture {
  scope: string
  html: string
}

/** The scope a picture is taken in: language, environment, API version, organization. */
export const pictureScope = (locale: string, env: string, version: string, organizationId: string) =>
  [locale, env, version, organizationId].join('|')

/** The scope the console will start in, from the settings it keeps (with the console's defaults). */
export function storedScope(): string {
  const setting = (key: string, fallback: string) => localStorage.getItem(key) ?? fallback
  return pictureScope(
    setting('locale', 'fi'),
    setting('environment', 'sandbox'),
    setting('apiVersion', 'v2'),
    setting('organizationId', ''),
  )
}

/** Paints the picture of this URL into `root`, if one was taken in the current scope. */
export function paintPicture(root: HTMLElement | null, url = location.pathname + location.search): boolean {
  try {
    const stored = localStorage.getItem(PICTURE_PREFIX + url)
    const picture = stored ? (JSON.parse(stored) as Partial<Picture>) : undefined
    if (!root || typeof picture?.html !== 'string' || picture.scope !== storedScope()) return false
    const frame = document.createElement('div')
    frame.setAttribute(PICTURE_ATTRIBUTE, '')
    frame.setAttribute('aria-hidden', 'true')
    frame.inert = true
    frame.style.display = 'contents'
    // The console's own markup, as React rendered it (server text escaped as text).
    frame.innerHTML = picture.html
    root.replaceChildren(frame)
    return true
  } catch {
    return false
  }
}

/** The URLs pictured, oldest first. */
export function picturedUrls(): string[] {
  const urls: string[] = []
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i)
    if (key?.startsWith(PICTURE_PREFIX)) urls.push(key.slice(PICTURE_PREFIX.length))
  }
  const at = (url: string) => Number(localStorage.getItem(`${PICTURE_PREFIX}@${url}`) ?? 0)
  return urls.filter((url) => !url.startsWith('@')).sort((a, b) => at(a) - at(b))
}

/** Forgets the picture of one address. */
export function forgetPicture(url: string) {
  localStorage.removeItem(PICTURE_PREFIX + url)
  localStorage.removeItem(`${PICTURE_PREFIX}@${url}`)
}

/** Forgets every picture (a sign-out, another user). */
export function forgetPictures() {
  try {
    for (const url of picturedUrls()) forgetPicture(url)
  } catch {
    // Nothing kept.
  }
}
