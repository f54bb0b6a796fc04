/** Milliseconds as "Hh Mm" text ("2h 30m", "3h", "45m"); nothing below a minute. */
export function formatDuration(ms: number | undefined): string {
  if (!ms || ms < 60_000) return ''
  const minutes = Math.round(ms / 60_000)
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return [h ? `${h}h` : '', m ? `${m}m` : ''].filter(Boolean).join(' ')
}
