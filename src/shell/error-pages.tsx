import { Link } from '@tanstack/react-router'
import { Component, type ReactNode } from 'react'
import { createIntl, FormattedMessage } from 'react-intl'
import { messagesFor } from '../i18n/i18n-provider'
import { localeSetting } from '../i18n/locale'
import { StatusPanel } from '../ui/status-panel'

const linkClass = 'mt-6 inline-block rounded-md bg-primary-700 px-4 py-2 text-white hover:bg-primary-800'

export function NotFoundPage() {
  return (
    <StatusPanel
      code={404}
      title={<FormattedMessage id="error.notFound.title" defaultMessage="This page could not be found" />}
    >
      <p className="mt-2 text-gray-600">
        <FormattedMessage
          id="error.notFound.text"
          defaultMessage="Sorry, the page you visited does not exist."
        />
      </p>
      <Link to="/" className={linkClass}>
        <FormattedMessage id="error.backHome" defaultMessage="Back to home" />
      </Link>
    </StatusPanel>
  )
}

interface ErrorPageProps {
  status?: number
  message?: string
  /** The platform's own words, when the message above says them in the user's language. */
  detail?: string
  onRetry?: () => void
}

/** Any other route error: its status code (default 500) and message (default "Error"). */
export function ErrorPage({ status, message, detail, onRetry }: ErrorPageProps) {
  return (
    <StatusPanel
      code={status ?? 500}
      title={<FormattedMessage id="error.title" defaultMessage="Error" />}
      alert
    >
      <p className="mt-2 break-words text-gray-700">
        {message || <FormattedMessage id="error.defaultMessage" defaultMessage="Error" />}
      </p>
      {detail && (
        <details className="mt-2 text-sm text-gray-700">
          <summary className="cursor-pointer">
            <FormattedMessage id="save.platformSaid" defaultMessage="The platform's message" />
          </summary>
          <p className="mt-1 break-words" data-testid="platform-text">
            {detail}
          </p>
        </details>
      )}
      <div className="flex justify-center gap-3">
        {onRetry && (
          <button type="button" onClick={onRetry} className={linkClass}>
            <FormattedMessage id="error.retry" defaultMessage="Try again" />
          </button>
        )}
        <Link to="/" className={linkClass}>
          <FormattedMessage id="error.backHome" defaultMessage="Back to home" />
        </Link>
      </div>
    </StatusPanel>
  )
}

/**
 * The device's storage gave no answer, so the console cannot know who is signed in nor show what was
 * saved: it says so and offers a reload, rather than wait without end or send a signed-in user to sign in.
 */
export function StorageNotAnsweringPage() {
  return (
    <StatusPanel
      code="!"
      title={
        <FormattedMessage
          id="storage.notAnswering.title"
          defaultMessage="This device's storage is not answering"
        />
      }
      alert
    >
      <p className="mt-2 text-gray-700">
        <FormattedMessage
          id="storage.notAnswering.text"
          defaultMessage="The console keeps your session and saved data in the browser's storage, which did not answer. Nothing was changed. Reload the page; if this stays, close this tab and open the console in a new one."
        />
      </p>
      <button type="button" onClick={() => location.reload()} className={linkClass}>
        <FormattedMessage id="pwa.reload" defaultMessage="Reload" />
      </button>
    </StatusPanel>
  )
}

/** The status an error carries, when it carries one (http errors, thrown responses). */
export function statusOf(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined
  return typeof status === 'number' && status >= 400 && status < 600 ? status : undefined
}

/** Shown when the error page itself fails to render, with a link home. Plain markup: nothing may throw. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    // Read the catalog directly: the intl context may be what failed.
    const locale = localeSetting.get()
    const intl = createIntl({ locale, messages: messagesFor(locale), onError: () => {} })
    return (
      <section className="mx-auto max-w-xl py-16 text-center" role="alert">
        <h1 className="text-2xl font-semibold">
          {intl.formatMessage({
            id: 'error.pageFailed',
            defaultMessage: 'An error occurred while showing the error page',
          })}
        </h1>
        <a href="/" className={linkClass}>
          {intl.formatMessage({ id: 'error.backHome', defaultMessage: 'Back to home' })}
        </a>
      </section>
    )
  }
}
