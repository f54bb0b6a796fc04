import type { ReactNode } from 'react'

/** A screen that stands for a status instead of its content: not found, not permitted, an error. */
export function StatusPanel({
  code,
  title,
  children,
  alert = false,
}: {
  code: ReactNode
  title: ReactNode
  children?: ReactNode
  alert?: boolean
}) {
  return (
    <section className="mx-auto max-w-xl py-16 text-center" role={alert ? 'alert' : undefined}>
      <p className="text-6xl font-bold text-primary-700">{code}</p>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      {children}
    </section>
  )
}
