import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { cn } from './cn'

/** The look of every text control (input, textarea, select): red edge when invalid, grey when disabled. */
export const inputClass =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-600 disabled:bg-gray-100'

/** A text input with the console's look; `mono` for codes, JSON and secrets. */
export function Input({
  className,
  mono,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { mono?: boolean }) {
  return <input className={cn(inputClass, mono && 'font-mono', className)} {...rest} />
}

/** A textarea with the console's look, monospaced by default (it holds JSON and lists). */
export function Textarea({
  className,
  mono = true,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { mono?: boolean }) {
  return <textarea className={cn(inputClass, mono && 'font-mono', className)} {...rest} />
}
