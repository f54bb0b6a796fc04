import type { ComponentProps } from 'react'
import { cn } from './cn'

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost'

const variants: Record<Variant, string> = {
  primary: 'bg-primary-700 text-white hover:bg-primary-800 disabled:bg-primary-300',
  secondary: 'border border-gray-300 bg-white text-gray-800 hover:bg-gray-50 disabled:text-gray-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300',
  ghost: 'text-primary-800 hover:bg-primary-50 disabled:text-gray-400',
}

const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium disabled:cursor-not-allowed'

/** A button's look, for a link that acts as one: `<Link className={buttonClass('secondary')}>`. */
export const buttonClass = (variant: Variant = 'primary', className?: string) =>
  cn(base, variants[variant], className)

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...rest
}: ComponentProps<'button'> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...rest} />
}
