import { chromium } from '@playwright/test'
const base = 'http://localhost:4411'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const [,, ...paths] = process.argv
for (const width of [1280, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  page.on('console', (m) => m.type() === 'error' && console.log('console error', m.text()))
  page.on('pageerror', (e) => console.log('pageerror', e.message))
  await page.addInitScript(() => localStorage.setItem('locale', 'en'))
  await page.goto(base + '/login')
  await page.getByLabel('Access token').fill('demo-admin-token')
  await page.getByRole('button', { name: 'Sign in with token' }).click()
  await page.waitForURL(base + '/')
  for (const p of paths) {
    const [path, click] = p.split('#')
    await page.goto(base + path)
    await page.waitForTimeout(1500)
    if (click) { await page.getByRole('tab', { name: click }).click(); await page.waitForTimeout(500) }
    const name = `/tmp/catalog-shots/${path.replace(/\W+/g, '_')}${click ?? ''}-${width}.png`
    await page.screenshot({ path: name, fullPage: true })
    console.log(name)
  }
  await page.close()
}
await browser.close()
