/** Joins class names, skipping the empty and the false: `cn('p-2', busy && 'opacity-50')`. */
export const cn = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ')
