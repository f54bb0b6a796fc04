// The versions of the browsers the tests run in, for every log: a verdict that differs between two
// machines is first compared by these. Nothing is installed here; a missing browser says so.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const firstLine = (command, args) => {
  const run = spawnSync(command, args, { encoding: 'utf8', timeout: 20_000 })
  return run.status === 0 ? run.stdout.trim().split('\n')[0] : undefined
}

/** Debian's package version, which names WebKitGTK's engine (its driver has no --version). */
const debianPackage = (name) => firstLine('dpkg-query', ['-W', `-f=\${Version}`, name])

export function browserVersions() {
  const chrome = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p) => p && existsSync(p),
  )
  const firefox = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].find(
    (p) => p && existsSync(p),
  )
  const webkit = debianPackage('webkit2gtk-driver')
  return [
    ['Chromium', chrome ? (firstLine(chrome, ['--version']) ?? chrome) : 'not installed'],
    ['Firefox', firefox ? (firstLine(firefox, ['--version']) ?? firefox) : 'not installed'],
    [
      'WebKitGTK',
      webkit
        ? `WebKitWebDriver (webkit2gtk-driver ${webkit}, libwebkit2gtk-4.1-0 ${debianPackage('libwebkit2gtk-4.1-0') ?? '?'})`
        : 'not installed',
    ],
  ]
}

export function printBrowserVersions(log = console.log) {
  log('Browsers:')
  for (const [name, version] of browserVersions()) log(`  ${name.padEnd(10)} ${version}`)
}
