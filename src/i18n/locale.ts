import { localSetting } from '../core/local-setting'

export const LOCALES = ['fi', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'fi'

const isLocale = (value: string): value is Locale => LOCALES.some((locale) => locale === value)

/** The chosen UI language, stored under `locale`; Finnish when none is saved. */
export const localeSetting = localSetting<Locale>('locale', DEFAULT_LOCALE, isLocale)

export const useLocale = localeSetting.use
