import { useEffect, useRef, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import type { AccessToken } from '../../contract/token'
import { Button } from '../../ui/button'

/** The full value of a new token, shown this once (the platform keeps only its hash). */
export function NewTokenValue({ token, onDone }: { token: AccessToken; onDone: () => void }) {
  const [copied, setCopied] = useState<boolean>()
  // Shown in answer to Create, whose button is busy meanwhile: focus comes here, to what to do next.
  const copyButton = useRef<HTMLButtonElement>(null)
  useEffect(() => copyButton.current?.focus(), [])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.fullValue ?? '')
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <div
      role="status"
      className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-950"
    >
      <p className="font-semibold">
        <FormattedMessage
          id="tokens.createdTitle"
          defaultMessage="Token {name} created. Copy it now: it is not shown again."
          values={{ name: token.name }}
        />
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          data-testid="token-full-value"
          className="rounded bg-white px-2 py-1 font-mono break-all select-all"
        >
          {token.fullValue}
        </code>
        <Button ref={copyButton} variant="secondary" className="px-2 py-1" onClick={() => void copy()}>
          <FormattedMessage id="tokens.copy" defaultMessage="Copy" />
        </Button>
        <Button variant="ghost" className="px-2 py-1" onClick={onDone}>
          <FormattedMessage id="tokens.done" defaultMessage="Done" />
        </Button>
      </div>
      {copied !== undefined && (
        <p className="mt-1 text-xs">
          {copied ? (
            <FormattedMessage id="tokens.copied" defaultMessage="Copied to the clipboard" />
          ) : (
            <FormattedMessage
              id="tokens.copyFailed"
              defaultMessage="Could not copy: select the value and copy it by hand"
            />
          )}
        </p>
      )}
    </div>
  )
}
