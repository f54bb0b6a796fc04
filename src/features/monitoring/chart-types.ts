export interface ChartSeries {
  label: string
  color: string
  values: number[]
}

export interface ChartProps {
  /** Unix seconds for a time axis, or 0..n-1 with `categories`. */
  x: number[]
  /** The x series' name in the legend. */
  xLabel: string
  series: ChartSeries[]
  /** Names of the x positions: the chart draws bars, one group per name. */
  categories?: string[]
  formatX?: (value: number) => string
  /** A shorter label for the axis ticks than the legend's (default formatX). */
  formatTick?: (value: number) => string
  height?: number
}
