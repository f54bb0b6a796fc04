// The bench's peers: two consoles built from react-admin and refine (tests/perf/peers/, their own
// package.json and lockfile, never the console's), listing the platform's public products. Installed
// and built on the bench's first run, again only when the peers' lockfile or sources change.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { forwardTo } from '../tools/forward.mjs'

const PEERS_DIR = 'tests/perf/peers'
export const PEERS = ['react-admin', 'refine']
export const peerDist = (peer) => join(PEERS_DIR, `dist-${peer}`)

/** The peers' lockfile and sources, hashed: what the install and the build depend on. */
function sourcesHash(files) {
  const hash = createHash('sha256')
  for (const file of files) hash.update(file).update(readFileSync(join(PEERS_DIR, file)))
  return hash.digest('hex')
}

function sourceFiles(dir = '') {
  return readdirSync(join(PEERS_DIR, dir))
    .filter((name) => name !== 'node_modules' && !name.startsWith('dist-') && !name.startsWith('.'))
    .flatMap((name) => {
      const path = join(dir, name)
      return statSync(join(PEERS_DIR, path)).isDirectory() ? sourceFiles(path) : [path]
    })
    .sort()
}

function npm(args) {
  const result = spawnSync('npm', args, { stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed`)
}

/** Installs (npm ci) and builds the peers when their lockfile or sources changed since the last time. */
export function ensurePeers() {
  const installed = join(PEERS_DIR, 'node_modules/.bench-lock-hash')
  const lockHash = sourcesHash(['package-lock.json'])
  if (!existsSync(installed) || readFileSync(installed, 'utf8') !== lockHash) {
    console.log('peers: installing react-admin and refine (npm ci in tests/perf/peers)')
    npm(['ci', '--prefix', PEERS_DIR, '--no-audit', '--no-fund', '--loglevel=error'])
    writeFileSync(installed, lockHash)
  }
  const built = join(PEERS_DIR, '.bench-build-hash')
  const buildHash = sourcesHash(sourceFiles())
  const complete = PEERS.every((peer) => existsSync(join(peerDist(peer), 'index.html')))
  if (!complete || !existsSync(built) || readFileSync(built, 'utf8') !== buildHash) {
    console.log('peers: building react-admin and refine (vite, production)')
    npm(['run', 'build', '--prefix', PEERS_DIR])
    writeFileSync(built, buildHash)
  }
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

/**
 * Serves a peer's build on `port` as the platform serves the console's: hashed assets for a year, the
 * build's ready-made Brotli or gzip copy, index.html for any other path; /api/ is passed to the
 * platform at `platform` (the peer reads the same endpoint as the console, same origin for the page).
 */
export function servePeer(dir, port, platform) {
  const forward = forwardTo(platform)
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://peer').pathname)
    if (path.startsWith('/api/')) return forward(req, res)
    const file = normalize(join(dir, path))
    const isFile = file.startsWith(normalize(dir)) && existsSync(file) && statSync(file).isFile()
    if (!isFile && extname(path)) return res.writeHead(404).end()
    const served = isFile ? file : join(dir, 'index.html')
    const headers = {
      'Content-Type': TYPES[extname(served)] ?? 'application/octet-stream',
      'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
    }
    const accepts = String(req.headers['accept-encoding'] ?? '')
    for (const [coding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ])
      if (accepts.includes(coding) && existsSync(served + suffix)) {
        res.writeHead(200, { ...headers, 'Content-Encoding': coding })
        return res.end(readFileSync(served + suffix))
      }
    res.writeHead(200, headers)
    res.end(readFileSync(served))
  })
  return new Promise((resolve) => server.listen(port, () => resolve(server)))
}
