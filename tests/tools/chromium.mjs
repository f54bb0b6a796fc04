// Debian's Chromium for the browser tests and the Lighthouse gate: CHROME_PATH, then the usual
// paths, else (as root, with apt) the Debian package is installed. A browser is never downloaded.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const find = () =>
  [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p))

export function ensureChromium() {
  let chrome = find()
  if (!chrome && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing Debian package chromium')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env,
    })
    chrome = find()
  }
  if (!chrome) {
    console.error("No Chromium found. Set CHROME_PATH or install Debian's chromium package.")
    process.exit(1)
  }
  return chrome
}
