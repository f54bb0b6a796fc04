/** A 24 px line icon drawn in the text's colour; decorative (the control around it carries the name). */
export function Icon({ d, className }: { d: string; className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={d} />
    </svg>
  )
}
