// Runs a command against a throw-away PostgreSQL: `node tests/tools/with-postgres.mjs <command...>`.
// Installs Debian's postgresql with apt when it is missing (as root), makes a cluster in a temporary
// directory with initdb and pg_ctl run as the `postgres` user, listening on 127.0.0.1 only on a free
// port, runs the command with DATABASE_URL set (a superuser, so tests may make a database each), and
// stops and removes the cluster afterwards, whatever the command's outcome.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const command = process.argv.slice(2)
if (command.length === 0) {
  console.error('usage: node tests/tools/with-postgres.mjs <command> [args...]')
  process.exit(2)
}

/** The directory of Debian's PostgreSQL programs (initdb, pg_ctl), newest version first. */
function binDir() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : undefined
}

const isRoot = process.getuid?.() === 0
let bin = binDir()
if (!bin) {
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      "PostgreSQL is not installed: run as root with apt, or install Debian's postgresql package.",
    )
    process.exit(1)
  }
  console.log('PostgreSQL not found: installing Debian package postgresql')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
    stdio: 'inherit',
    env,
  })
  bin = binDir()
  if (!bin) {
    console.error('PostgreSQL was installed but initdb was not found')
    process.exit(1)
  }
}

/** A port nobody listens on now. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

const port = await freePort()
const dir = mkdtempSync(join(tmpdir(), 'orchestrator-pg-'))
const data = join(dir, 'data')
// initdb and the server refuse to run as root: the cluster belongs to the postgres user.
const asPostgres = (program, args) => {
  const file = join(bin, program)
  if (!isRoot) return execFileSync(file, args, { stdio: 'pipe' })
  return execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' })
}
if (isRoot) {
  chmodSync(dir, 0o777)
  execFileSync('chown', ['postgres:postgres', dir])
}

let started = false
function stop() {
  if (started) {
    try {
      asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } catch {
      // Already down.
    }
    started = false
  }
  rmSync(dir, { recursive: true, force: true })
}

let exitCode = 1
try {
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'])
  asPostgres('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ])
  started = true
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  console.log(`PostgreSQL ${bin.split('/').at(-2)} on 127.0.0.1:${port}`)
  exitCode = await new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url },
    })
    const forward = (signal) => child.kill(signal)
    process.on('SIGINT', forward)
    process.on('SIGTERM', forward)
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    child.on('error', (error) => {
      console.error(error.message)
      resolve(1)
    })
  })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  if (error?.stderr) console.error(String(error.stderr))
} finally {
  stop()
}
process.exit(exitCode)
