import type { ReactNode } from 'react'

export function Alert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'info' | 'success'
  children: ReactNode
}) {
  const tones = {
    error: 'border-red-300 bg-red-50 text-red-900',
    info: 'border-primary-200 bg-primary-50 text-primary-900',
    success: 'border-green-300 bg-green-50 text-green-900',
  }
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  )
}
