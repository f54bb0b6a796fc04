import type { ReactNode } from 'react'
import { useEffect, useState } from 'react'
import { IntlProvider } from 'react-intl'
import { type Locale, useLocale } from './locale'

type Catalog = Record<string, string>

/**
 * Each catalog is its own chunk, fetched when its language is chosen (both are precached by the
 * service worker). The build fills every catalog's gaps from English (vite.config.ts), so one
 * catalog is all a language needs: English is the fallback for any missing message.
 */
const loaders: Record<Locale, () => Promise<{ default: Catalog }>> = {
  en: () => import('../../lang/en.json'),
  fi: () => import('../../lang/fi.json'),
}
const loaded = new Map<Locale, Catalog>()

export async function loadCatalog(locale: Locale): Promise<Catalog> {
  const ready = loaded.get(locale)
  if (ready) return ready
  const catalog = (await loaders[locale]()).default
  loaded.set(locale, catalog)
  return catalog
}

/** The catalog of a language once loaded; before that, the English default messages in the code. */
export function messagesFor(locale: Locale): Catalog {
  return loaded.get(locale) ?? {}
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useLocale()
  // The language shown changes only when its catalog has arrived: no flash of untranslated text.
  const [shown, setShown] = useState<{ locale: Locale; messages: Catalog }>(() => ({
    locale,
    messages: messagesFor(locale),
  }))
  useEffect(() => {
    let current = true
    void loadCatalog(locale).then((messages) => current && setShown({ locale, messages }))
    return () => {
      current = false
    }
  }, [locale])
  return (
    <IntlProvider locale={shown.locale} defaultLocale="en" messages={shown.messages}>
      {children}
    </IntlProvider>
  )
}
