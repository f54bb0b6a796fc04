import type { ReactNode } from 'react'

export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <h1 className="flex-auto text-2xl font-semibold text-gray-900">{title}</h1>
      {actions}
    </div>
  )
}
