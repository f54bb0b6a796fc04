// This machine's registry serves only the packages of its own platform, so `npm install` leaves other
// platforms' optional binaries (biome, tailwind oxide, rolldown, esbuild...) out of package-lock.json,
// and `npm ci` then refuses the lock. This adds those entries with the os/cpu/libc their names state,
// so `npm ci` skips them as on any other machine. Run it after changing dependencies.
import { readFileSync, writeFileSync } from 'node:fs'

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'))
const packages = lock.packages
const OS = [
  'android',
  'darwin',
  'win32',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
  'linux',
]
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'riscv64', 's390x', 'ppc64', 'loong64', 'wasm32', 'mips64el']
let added = 0
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`
    const hoisted = `node_modules/${name}`
    if (packages[nested] || packages[hoisted]) continue
    const tokens = name.split('/').pop().split(/[-.]/)
    const os = OS.find((o) => tokens.includes(o))
    const cpu = CPU.find((c) => tokens.includes(c)) ?? (tokens.includes('universal') ? undefined : undefined)
    const stub = { version: String(version).replace(/^[\^~]/, ''), optional: true }
    if (entry.dev) stub.dev = true
    if (os) stub.os = [os]
    if (cpu) stub.cpu = [cpu]
    if (tokens.includes('musl')) stub.libc = ['musl']
    if (!os && !cpu) continue
    packages[hoisted] = stub
    added += 1
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
)
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`)
console.log(`package-lock.json: ${added} platform entries added`)
