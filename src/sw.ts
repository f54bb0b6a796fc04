/// <reference lib="webworker" />

import { cacheNames, clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { fieldsOf } from './contract/reading'
import { handleSync } from './outbox/worker-replay'
import { runAgainFromWorker } from './outbox/worker-run-again'
import { handlePush } from './pwa/push-worker'
import { addStaticRoutes } from './pwa/static-routes'

declare const self: ServiceWorkerGlobalScope

// The live stream (`/api/{env}/live`) goes straight to the network: no handler after this one sees
// it, so it is never answered from or kept in a cache, and its body is never buffered here.
const LIVE_STREAM = /^\/api\/[^/]+\/live$/
self.addEventListener('fetch', (event) => {
  if (LIVE_STREAM.test(new URL(event.request.url).pathname)) event.stopImmediatePropagation()
})

// The build's files from the precache and the API from the network, without running this script for
// each request, where the browser can (pwa/static-routes.ts); the handlers below answer elsewhere.
self.addEventListener('install', (event) => void addStaticRoutes(event, cacheNames.precache))

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Navigations fall back to the shell, never for the platform's API or sign-in.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//, /^\/oidc\//] }),
)

// A new version waits until the user accepts it (prompt mode).
self.addEventListener('message', (event) => {
  if (fieldsOf(event.data).type === 'SKIP_WAITING') void self.skipWaiting()
})
clientsClaim()
handlePush((data, shownAt) => runAgainFromWorker(self, data, shownAt))
handleSync(self)
