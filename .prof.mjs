import { chromium } from '@playwright/test'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: process.env.SW ? 'allow' : 'block' })
const page = await ctx.newPage()
const cdp = await ctx.newCDPSession(page)
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
await cdp.send('Profiler.start')
await page.goto('http://localhost:4400' + (process.argv[2] ?? '/products')); await page.waitForTimeout(3000)
const { profile } = await cdp.send('Profiler.stop')
await browser.close()
const byId = new Map(profile.nodes.map(n => [n.id, n]))
const self = new Map(); const total = new Map()
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const key = n => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`
profile.samples.forEach((id, i) => {
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000
  const n = byId.get(id); const k = key(n)
  if (n.callFrame.functionName === '(idle)' || n.callFrame.functionName === '(program)') return
  self.set(k, (self.get(k) ?? 0) + dt)
  const seen = new Set(); let cur = id
  while (cur) { const kk = key(byId.get(cur)); if (!seen.has(kk)) { total.set(kk, (total.get(kk) ?? 0) + dt); seen.add(kk) } cur = parent.get(cur) }
})
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1)}\t${k}`).join('\n')
console.log('SELF\n' + top(self, 35)); console.log('TOTAL\n' + top(total, 45))
