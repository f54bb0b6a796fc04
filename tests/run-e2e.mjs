// Runs the browser tests in Debian's Chromium (found, or installed with apt when running as root).
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './tools/chromium.mjs'

const chrome = ensureChromium()
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chrome },
})
process.exit(result.status ?? 1)
