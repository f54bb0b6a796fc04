// The bench's stack floor (tests/perf/floor/): built with the console's own vite, React and
// react-intl, with a service worker that answers every file from its cache, as the console's worker
// does on a warm start; the bench serves it as it serves the peers (`servePeer`). Its first row is the
// least the console's own first row could take on this stack and this machine.
import { readdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const FLOOR_DIR = 'tests/perf/floor'
const FLOOR_DIST = join(FLOOR_DIR, 'dist')

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

/**
 * The worker: every file of the build in its cache at install, the hashed ones answered by the
 * browser from that cache without running the worker (static routes, as the console's), the page
 * from the cache by the worker.
 */
function worker(paths) {
  return `const CACHE = 'floor'
const FILES = ${JSON.stringify(paths)}
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()))
  if (typeof event.addRoutes === 'function')
    event.waitUntil(event.addRoutes([{ condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: { cacheName: CACHE } }]).catch(() => undefined))
})
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  const path = event.request.mode === 'navigate' ? '/index.html' : url.pathname
  event.respondWith(caches.match(path).then((hit) => hit ?? fetch(event.request)))
})
`
}

/** Builds the floor (production, quietly) and writes its worker; returns the build's directory. */
export async function buildFloor() {
  await build({
    configFile: false,
    root: FLOOR_DIR,
    base: '/',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: 'dist', emptyOutDir: true },
  })
  const paths = files(FLOOR_DIST).map((file) => `/${relative(FLOOR_DIST, file)}`)
  writeFileSync(join(FLOOR_DIST, 'sw.js'), worker(paths))
  return FLOOR_DIST
}
