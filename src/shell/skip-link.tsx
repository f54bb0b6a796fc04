import { useIntl } from 'react-intl'

/** The first stop of the keyboard: straight to the screen's content, past the menu and top bar. */
export function SkipLink() {
  const intl = useIntl()
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium text-primary-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {intl.formatMessage({ id: 'shell.skipToContent', defaultMessage: 'Skip to content' })}
    </a>
  )
}
