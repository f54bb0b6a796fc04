import { localSetting } from '../core/local-setting'
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales'

export { LOCALES, type Locale } from './locales'

/** The chosen UI language, stored under `locale`; Finnish when none is saved. */
export const localeSetting = localSetting<Locale>('locale', DEFAULT_LOCALE, isLocale)

export const useLocale = localeSetting.use
