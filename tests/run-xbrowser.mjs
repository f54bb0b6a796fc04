// The cross-browser phase: stock Firefox ESR (WebDriver BiDi, puppeteer-core) and WebKitGTK
// (WebKitWebDriver, selenium-webdriver) against the built console and the reference platform.
// The browsers are Debian's: found, or installed with apt when running as root. Never downloaded.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
const XVFB_RUN = '/usr/bin/xvfb-run'

const needed = [
  [FIREFOX, 'firefox-esr'],
  [WEBKIT_DRIVER, 'webkit2gtk-driver'],
  [MINIBROWSER, 'webkit2gtk-driver'],
  [XVFB_RUN, 'xvfb'],
  ['/usr/bin/xauth', 'xauth'],
]
const missing = () => [...new Set(needed.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg))]

if (!existsSync('dist/index.html')) {
  console.error('No build in dist/: run `npm run build` first (npm test does).')
  process.exit(1)
}
if (missing().length && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log(`Installing Debian packages ${missing().join(', ')}`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing()], {
    stdio: 'inherit',
    env,
  })
}
if (missing().length) {
  console.error(
    `Missing ${missing().join(', ')}: install Debian's firefox-esr, webkit2gtk-driver and xvfb ` +
      '(or set FIREFOX_PATH, WEBKIT_DRIVER_PATH, MINIBROWSER_PATH).',
  )
  process.exit(1)
}

const version = (command, args) => {
  const run = spawnSync(command, args, { encoding: 'utf8' })
  return `${run.stdout}${run.stderr}`.trim().split('\n').at(-1)
}
console.log(`Firefox: ${version(FIREFOX, ['--version'])}`)
console.log(
  `WebKitGTK: ${version('dpkg-query', ['-W', '-f', `\${Version}`, 'webkit2gtk-driver']) || '?'} (webkit2gtk-driver)`,
)

// WebKitGTK has no headless mode: MiniBrowser draws into Xvfb (Firefox runs headless alongside).
const result = spawnSync(
  XVFB_RUN,
  [
    '-a',
    '-s',
    '-screen 0 1280x1024x24',
    'npx',
    'vitest',
    'run',
    '-c',
    'vitest.xbrowser.config.ts',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
)
process.exit(result.status ?? 1)
