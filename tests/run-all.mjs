// `npm test`: every phase in order, stopping at the first that fails, then the time of each phase,
// so a slow phase shows in every CI log. `npm test -- e2e lighthouse` runs only the phases named.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { printBrowserVersions } from './tools/browser-versions.mjs'

const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts

const PHASES = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit', 'npm run test:unit'],
  ['platform-pg', 'npm run test:pg'],
  ['build', 'npm run build'],
  ['e2e', 'npm run test:e2e'],
  ['xbrowser', 'npm run test:xbrowser'],
  ['lighthouse', 'npm run test:lighthouse'],
].filter(([, command]) => scripts[command.replace('npm run ', '')])

const wanted = process.argv.slice(2)
const unknown = wanted.filter((name) => !PHASES.some(([phase]) => phase === name))
if (unknown.length) {
  console.error(`unknown phase ${unknown.join(', ')}; phases: ${PHASES.map(([p]) => p).join(', ')}`)
  process.exit(2)
}

const times = []
let failed
const started = Date.now()
let versionsShown = false
for (const [name, command] of PHASES) {
  if (wanted.length && !wanted.includes(name)) continue
  // Before the first phase that drives a browser (which installs Chromium when it is missing), and
  // again in the summary: two machines' verdicts are compared by these first.
  if (!versionsShown && /e2e|lighthouse|browser/.test(name)) {
    printBrowserVersions()
    versionsShown = true
  }
  console.log(`\n=== ${name}: ${command}`)
  const t0 = Date.now()
  const result = spawnSync(command, { shell: true, stdio: 'inherit' })
  times.push([name, (Date.now() - t0) / 1000, result.status === 0])
  if (result.status !== 0) {
    failed = name
    break
  }
}

const minutes = (s) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`
console.log('\n=== npm test phases (m:ss)')
for (const [name, seconds, ok] of times)
  console.log(`  ${name.padEnd(12)} ${minutes(seconds).padStart(6)}  ${ok ? 'ok' : 'FAILED'}`)
console.log(`  ${'total'.padEnd(12)} ${minutes((Date.now() - started) / 1000).padStart(6)}`)
if (versionsShown) printBrowserVersions()
if (failed) {
  console.error(`npm test: phase ${failed} failed`)
  process.exit(1)
}
