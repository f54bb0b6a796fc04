import { useIntl } from 'react-intl'
import { LOCALES, localeSetting, useLocale } from '../i18n/locale'

/** Radio buttons, one per locale, 50 px each; the choice is stored. */
export function LanguageSwitcher() {
  const intl = useIntl()
  const locale = useLocale()
  return (
    <fieldset className="flex shrink-0 overflow-hidden rounded-md border border-primary-700">
      <legend className="sr-only">
        {intl.formatMessage({ id: 'language.label', defaultMessage: 'Language' })}
      </legend>
      {LOCALES.map((code) => (
        <label
          key={code}
          lang={code}
          className="relative flex h-8 w-lang cursor-pointer items-center justify-center text-sm font-medium text-primary-800 has-[:checked]:bg-primary-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-primary-500"
        >
          <input
            type="radio"
            name="locale"
            value={code}
            checked={locale === code}
            onChange={() => localeSetting.set(code)}
            className="sr-only"
          />
          {code.toUpperCase()}
        </label>
      ))}
    </fieldset>
  )
}
