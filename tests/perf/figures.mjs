// The bench's figures: collected from every part of the bench, printed as one table and, with
// `--json FILE`, written as a JSON array (name, value, unit, and floor and ratio = value / floor
// where the figure has a floor), so two runs can be compared.
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:net'

export const figures = []

/** One figure; `floor` (same unit) is what the same run measured for the least the figure could be. */
export function figure(name, value, unit, extra = {}) {
  const row = { name, value: round(value), unit }
  if (extra.floor !== undefined) {
    row.floor = round(extra.floor)
    row.floorName = extra.floorName
    row.ratio = Number((value / extra.floor).toFixed(2))
  }
  if (extra.goal !== undefined) row.goal = extra.goal
  if (extra.note !== undefined) row.note = extra.note
  figures.push(row)
  return row
}

const round = (value) => (Number.isInteger(value) ? value : Number(value.toFixed(1)))

export function printFigures(rows = figures) {
  const text = (r) => `${r.value} ${r.unit}`.trim()
  const width = Math.max(...rows.map((r) => r.name.length))
  const valueWidth = Math.max(...rows.map((r) => text(r).length))
  for (const r of rows) {
    const floor = r.floor === undefined ? '' : `${r.ratio.toFixed(2)}× ${r.floorName} (${r.floor} ${r.unit})`
    const goal = r.goal ? `  goal ${r.goal}` : ''
    const note = r.note ? `  ${r.note}` : ''
    console.log(`${r.name.padEnd(width)}  ${text(r).padStart(valueWidth)}  ${floor}${goal}${note}`)
  }
}

/** `--json FILE` from the command line (npm run bench -- --json FILE). */
export function jsonTarget(argv = process.argv) {
  const at = argv.indexOf('--json')
  return at >= 0 ? argv[at + 1] : undefined
}

export function writeFigures(file, rows = figures) {
  writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`)
  console.log(`figures written to ${file}`)
}

/** A free TCP port, the first from `from` up that nothing listens on (BENCH_PORT moves the start). */
export async function freePort(from) {
  for (let port = from; port < from + 200; port += 1) {
    const free = await new Promise((resolve) => {
      const probe = createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error(`no free port from ${from}`)
}

/** The page's live JS heap (after a garbage collection), in MB, from CDP Performance.getMetrics. */
export async function jsHeapMb(page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('Performance.enable')
  const { metrics } = await cdp.send('Performance.getMetrics')
  await cdp.detach()
  return metrics.find((m) => m.name === 'JSHeapUsedSize').value / 2 ** 20
}
