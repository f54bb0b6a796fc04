// Runs the browser tests in Debian's Chromium: finds it, or installs it with apt when running as root.
// It never downloads a browser of its own.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  )
  return candidates.find((p) => existsSync(p))
}

let chrome = findChromium()
if (!chrome && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium not found: installing Debian package chromium')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env })
  chrome = findChromium()
}
if (!chrome) {
  console.error("No Chromium found. Set CHROME_PATH or install Debian's chromium package.")
  process.exit(1)
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome },
})
process.exit(result.status ?? 1)
