import { type ReactNode, useId, useState } from 'react'
import { FormattedMessage, FormattedNumber } from 'react-intl'
import { AskedPart, onDemand } from '../../ui/on-demand-part'
import type { ChartProps } from './chart-types'

// uPlot comes only with this chunk, fetched when a chart is first drawn.
// At least a drawn chart's height with its legend (about 290 px wide, 320 on a phone, where it wraps).
const CHART_HEIGHT = 'min-h-80'
const uplotChart = onDemand(
  () => import('./uplot-chart'),
  (m) => m.default,
)

/**
 * A chart with its data as a table: the table is always there for screen readers (the canvas is
 * hidden from them), and the toggle shows it to everyone.
 */
export function ChartCard({
  title,
  xLabel,
  rowLabels,
  chart,
  actions,
  testId,
  description,
  state,
}: {
  title: ReactNode
  /** What the chart counts. */
  description?: ReactNode
  xLabel: ReactNode
  /** One label per x position, as the table's first column shows it. */
  rowLabels: string[]
  chart: ChartProps
  actions?: ReactNode
  testId: string
  /** Loading or failed, with no data to draw: shown instead of the chart. */
  state?: ReactNode
}) {
  const [asTable, setAsTable] = useState(false)
  const headingId = useId()
  const tableId = useId()
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="rounded-lg bg-white p-4 shadow-sm">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="flex-auto text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {actions}
        <button
          type="button"
          aria-pressed={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((on) => !on)}
          className="rounded-md border border-gray-300 px-3 py-1 text-sm text-gray-800 hover:bg-gray-50"
        >
          <FormattedMessage id="monitoring.showTable" defaultMessage="Show as table" />
        </button>
      </div>
      {description && <p className="mb-2 text-sm text-gray-700">{description}</p>}
      {/* The chart's place is kept while its data or uPlot load: the cards below do not move when it comes. */}
      {state && <div className={asTable ? undefined : CHART_HEIGHT}>{state}</div>}
      {!asTable && !state && (
        // uPlot's code not come: the data shows as the table, and a notice says so.
        <AskedPart
          part={uplotChart}
          onFailed={() => setAsTable(true)}
          fallback={
            <p className={`${CHART_HEIGHT} text-sm text-gray-600`}>
              <FormattedMessage id="common.loading" defaultMessage="Loading…" />
            </p>
          }
        >
          {(UplotChart) => <UplotChart {...chart} />}
        </AskedPart>
      )}
      {/* Shown, the table may scroll: the keyboard can reach it to scroll it. */}
      <div
        id={tableId}
        className={asTable ? 'max-h-80 overflow-y-auto' : 'sr-only'}
        {...(asTable ? { role: 'group', 'aria-labelledby': headingId, tabIndex: 0 } : {})}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="border-b bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-3 py-2">
                {xLabel}
              </th>
              {chart.series.map((s) => (
                <th key={s.label} scope="col" className="px-3 py-2 text-right">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.x.map((x, i) => (
              <tr key={x} className="border-b last:border-0">
                <th scope="row" className="px-3 py-1.5 font-normal">
                  {rowLabels[i]}
                </th>
                {chart.series.map((s) => (
                  <td key={s.label} className="px-3 py-1.5 text-right tabular-nums">
                    <FormattedNumber value={s.values[i] ?? 0} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
