// Renders the app icons (any + maskable) from SVG with Debian's Chromium; run once, PNGs are committed.
import { chromium } from 'playwright-core'

const any = (s) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#6d28d9"/><circle cx="32" cy="32" r="15" fill="none" stroke="#fff" stroke-width="6"/><circle cx="32" cy="32" r="5" fill="#c4b5fd"/></svg>`
// Maskable: full-bleed background, artwork inside the 80 % safe zone.
const maskable = (s) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1e1b4b"/><circle cx="32" cy="32" r="11" fill="none" stroke="#fff" stroke-width="4.5"/><circle cx="32" cy="32" r="3.6" fill="#c4b5fd"/></svg>`

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
})
const page = await browser.newPage()
for (const [name, svg, size] of [
  ['icon-192', any, 192],
  ['icon-512', any, 512],
  ['maskable-512', maskable, 512],
]) {
  await page.setViewportSize({ width: size, height: size })
  await page.setContent(`<body style="margin:0;background:transparent">${svg(size)}</body>`)
  await page.locator('svg').screenshot({ path: `public/icons/${name}.png`, omitBackground: true })
}
await browser.close()
