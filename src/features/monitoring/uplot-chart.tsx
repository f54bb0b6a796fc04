import { useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { ChartProps } from './chart-types'

/**
 * The only module that imports uPlot: it is loaded lazily by the monitoring screen, so the chart
 * library never weighs on the first load of the console.
 */
export default function UplotChart({
  x,
  xLabel,
  series,
  categories,
  formatX,
  formatTick,
  height = 260,
}: ChartProps) {
  const box = useRef<HTMLDivElement>(null)
  // uPlot's own number format is the browser's language; the console's is used instead.
  const { locale } = useIntl()
  useEffect(() => {
    const number = new Intl.NumberFormat(locale)
    const el = box.current
    if (!el) return
    const isCategory = categories !== undefined
    const label = (value: number) => {
      if (isCategory) return categories[Math.round(value)] ?? ''
      return formatX ? formatX(value) : String(value)
    }
    const tick = (value: number) => (!isCategory && formatTick ? formatTick(value) : label(value))
    const width = Math.max(el.clientWidth, 240)
    // The room of one bar's name, and whether the longest name fits in it lying down.
    const slot = (width - 60) / Math.max(1, x.length)
    const turned = isCategory && Math.max(0, ...x.map((v) => label(v).length)) * 7 > slot
    const options: uPlot.Options = {
      width,
      height,
      scales: { x: { time: !isCategory, range: isCategory ? [-0.5, x.length - 0.5] : undefined } },
      cursor: { points: { size: 8 } },
      legend: { live: true },
      axes: [
        {
          stroke: '#374151',
          grid: { stroke: '#e5e7eb' },
          font: '12px system-ui, sans-serif',
          // Every bar is named; where the names do not fit side by side they are turned.
          ...(isCategory && turned ? { rotate: -40, size: 96 } : {}),
          // One tick per bucket (or every n-th, as the width allows), labelled as the table labels it.
          splits: (u: uPlot) => {
            if (isCategory) return x
            const room = Math.min(16, Math.max(...x.map((v) => tick(v).length))) * 7 + 24
            const step = Math.max(1, Math.ceil(x.length / Math.max(2, Math.floor(u.width / room))))
            return x.filter((_, i) => i % step === 0)
          },
          values: (_u: uPlot, splits: number[]) => {
            const names = splits.map((s) => {
              const name = tick(s)
              const max = isCategory && !turned ? Math.max(4, Math.floor(slot / 7)) : 16
              return name.length > max ? `${name.slice(0, max - 1)}…` : name
            })
            el.dataset.ticks = String(names.filter(Boolean).length)
            return names
          },
        },
        {
          stroke: '#374151',
          grid: { stroke: '#e5e7eb' },
          font: '12px system-ui, sans-serif',
          size: 50,
          values: (_u: uPlot, splits: number[]) => splits.map((v) => number.format(v)),
          // Counts: whole steps only.
          incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000],
        },
      ],
      series: [
        { label: xLabel, value: (_u, v) => (v == null ? '—' : label(v)) },
        ...series.map((s, i) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          fill: `${s.color}33`,
          value: (_u: uPlot, v: number | null) => (v == null ? '—' : String(v)),
          ...(isCategory ? { paths: uPlot.paths.bars?.({ size: [i === 0 ? 0.7 : 0.35, 80] }) } : {}),
        })),
      ],
    }
    const chart = new uPlot(options, [x, ...series.map((s) => s.values)], el)
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(el.clientWidth, 240), height }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [x, xLabel, series, categories, formatX, formatTick, height, locale])
  return <div ref={box} aria-hidden="true" className="uplot-box min-h-80 w-full" />
}
