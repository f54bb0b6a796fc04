// Takes the install dialog's screenshots (manifest `screenshots`) from the running console with Debian's
// Chromium: the built console (`npm run build` first) on a fresh demo platform, signed in, on the task
// list, narrow (a 360 px phone at 2x) and wide (1280 px). Run once after a visible change; the PNGs
// in public/screenshots/ are committed.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const port = Number(process.env.SCREENSHOT_PORT ?? 4790)
const base = `http://localhost:${port}`
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'orchestrator-shots-')),
    PUBLIC_URL: base,
  },
  stdio: 'ignore',
})
const stop = () => server.kill('SIGTERM')

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/sandbox/configs`)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('The platform did not start')
}

try {
  await waitForServer()
  mkdirSync('public/screenshots', { recursive: true })
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  })
  for (const shot of [
    {
      name: 'narrow',
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    },
    { name: 'wide', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  ]) {
    const { name, ...options } = shot
    const context = await browser.newContext({ ...options, locale: 'en-GB' })
    const page = await context.newPage()
    await page.addInitScript(() => localStorage.setItem('locale', 'en'))
    await page.goto(`${base}/login`)
    await page.getByLabel('Access token').fill('demo-admin-token')
    await page.getByRole('button', { name: 'Sign in with token' }).click()
    await page.waitForURL(`${base}/`)
    await page.goto(`${base}/tasks`)
    await page.getByTestId('task-row').first().waitFor()
    await page.waitForTimeout(800)
    await page.screenshot({ path: `public/screenshots/${name}.png` })
    await context.close()
  }
  await browser.close()
} finally {
  stop()
}
