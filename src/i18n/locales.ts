// No dependencies: the entry script reads the stored language with these before anything loads.

export const LOCALES = ['fi', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'fi'

export const isLocale = (value: string): value is Locale => LOCALES.some((locale) => locale === value)
