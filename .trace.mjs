import { chromium } from '@playwright/test'
import { readFileSync } from 'node:fs'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } })
const page = await ctx.newPage()
await browser.startTracing(page, { path: '/tmp/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] })
await page.goto('http://localhost:4400' + (process.argv[2] ?? '/products')); await page.waitForTimeout(4000)
await browser.stopTracing()
await browser.close()
const t = JSON.parse(readFileSync('/tmp/trace.json', 'utf8')).traceEvents
const nav = t.find(e => e.name === 'navigationStart' || e.name === 'NavigationStart') ?? t.find(e => e.name === 'TracingStartedInBrowser')
const t0 = nav.ts
// main renderer thread: the one with most RunTask events from a CrRendererMain
const names = t.filter(e => e.name === 'thread_name' && e.args.name === 'CrRendererMain')
for (const th of names) {
  const tasks = t.filter(e => e.pid === th.pid && e.tid === th.tid && e.name === 'RunTask' && e.dur > 8000)
  if (!tasks.length) continue
  console.log('thread', th.pid, th.tid)
  for (const task of tasks) {
    const kids = t.filter(e => e.pid === th.pid && e.tid === th.tid && e.ts >= task.ts && e.ts <= task.ts + task.dur && e.name !== 'RunTask' && e.dur > 2000)
    console.log(Math.round((task.ts - t0) / 1000), Math.round(task.dur / 1000), kids.slice(0, 8).map(k => `${k.name}${k.args?.data?.url ? ':' + k.args.data.url.split('/').pop() : ''}${k.args?.data?.functionName ? ':' + k.args.data.functionName : ''} ${Math.round(k.dur / 1000)}`).join(' | '))
  }
}
