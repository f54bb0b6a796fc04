import type { ReactNode } from 'react'
import { useMemo } from 'react'
import { IntlProvider } from 'react-intl'
import en from '../../lang/en.json'
import fi from '../../lang/fi.json'
import { type Locale, useLocale } from './locale'

const catalogs: Record<Locale, Record<string, string>> = { en, fi }

/** English is the fallback for any message missing from the chosen catalog (SPEC §1). */
export function messagesFor(locale: Locale): Record<string, string> {
  return locale === 'en' ? en : { ...en, ...catalogs[locale] }
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useLocale()
  const messages = useMemo(() => messagesFor(locale), [locale])
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={messages}>
      {children}
    </IntlProvider>
  )
}
