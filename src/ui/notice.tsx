import { useSyncExternalStore } from 'react'
import { useIntl } from 'react-intl'
import { Alert } from './alert'

/** A notice that outlives the screen that made it (a form closes, the list says what happened). */
export interface Notice {
  id: number
  tone: 'success' | 'info' | 'error'
  text: string
}

let notices: Notice[] = []
let next = 1
const listeners = new Set<() => void>()
const publish = (list: Notice[]) => {
  notices = list
  for (const listener of listeners) listener()
}

const SHOWN_MS = 12_000

export function showNotice(tone: Notice['tone'], text: string) {
  const notice = { id: next++, tone, text }
  // The same words again (charts whose code did not come) are one notice, shown anew.
  publish([...notices.filter((n) => n.text !== text).slice(-2), notice])
  setTimeout(() => publish(notices.filter((n) => n !== notice)), SHOWN_MS)
}

/** The notices of the last saves, above the page, read out politely. */
export function Notices() {
  const intl = useIntl()
  const list = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => notices,
  )
  if (list.length === 0) return null
  return (
    // Under the top bar while the page scrolls: a notice met far down a list (a part whose code did not
    // come) is seen where the user is.
    <div className="sticky top-14 z-10 mb-2 space-y-2 bg-page py-2" data-testid="notices">
      {list.map((n) => (
        <div key={n.id} className="flex items-start gap-2">
          <div className="flex-1">
            <Alert tone={n.tone}>{n.text}</Alert>
          </div>
          <button
            type="button"
            className="min-h-11 min-w-11 rounded-md text-gray-700 hover:bg-gray-100"
            aria-label={intl.formatMessage({ id: 'notice.close', defaultMessage: 'Close notice' })}
            onClick={() => publish(notices.filter((x) => x !== n))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}
