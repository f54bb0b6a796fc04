/// <reference lib="webworker" />
// PWA layer: the service worker's static routes. No imports.

/** A rule of the Service Worker Static Routing API (`InstallEvent.addRoutes`). */
export interface StaticRoute {
  condition: { urlPattern: string; requestMethod?: string }
  source: 'network' | { cacheName: string }
}

/**
 * Requests the browser answers without running the worker's script, where it can (Chromium 123 and
 * later; elsewhere the fetch handlers answer them as before):
 * - the build's hashed files, from the precache: a start asks for some twenty at once, and each
 *   through the fetch handler cost the worker's single thread 2-3 ms, so the last came 50-90 ms after
 *   it was asked for while the page waited with nothing to do. A file the precache lacks (an
 *   earlier version's, gone at an update) is fetched from the network, as the handler did.
 * - the platform's API and sign-in: no handler answers them (the worker keeps no copy of any), yet
 *   each waited for the worker's fetch event before going to the network.
 * Relative patterns: the worker's own origin only.
 */
export function staticRoutes(precache: string): StaticRoute[] {
  return [
    { condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: { cacheName: precache } },
    { condition: { urlPattern: '/api/*' }, source: 'network' },
    { condition: { urlPattern: '/oidc/*' }, source: 'network' },
  ]
}

type WithRoutes = ExtendableEvent & { addRoutes?: (rules: StaticRoute[]) => Promise<void> }

/** Adds the static routes at install, where the browser has the API; returns whether it had. */
export function addStaticRoutes(event: ExtendableEvent, precache: string): boolean {
  const add = (event as WithRoutes).addRoutes
  if (typeof add !== 'function') return false
  // A browser that refuses a rule (an older one, a condition it lacks) leaves every request to the
  // fetch handlers: the worker still installs.
  event.waitUntil(add.call(event, staticRoutes(precache)).catch(() => undefined))
  return true
}
