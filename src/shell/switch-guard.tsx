import { type ReactNode, Suspense, useState } from 'react'
import { FormattedMessage } from 'react-intl'
import { lazyWithLaterMessages } from '../i18n/i18n-provider'
import { letUnsavedInputGo, unsavedInputNow } from '../pwa/unsaved'

// The question's code is loaded only when a switch is held up: it is not part of the first screen.
const ConfirmDialog = lazyWithLaterMessages(
  () => import('../ui/confirm-dialog'),
  (m) => m.ConfirmDialog,
)

/**
 * A switch of environment, API version or organization replaces the screen. Input a form cannot keep
 * as a draft would go with it: `ask` puts the question first, as leaving the page does, and runs the
 * switch only once it is answered Switch (at once when no such input is held). Render `question`.
 */
export function useSwitchGuard(): { ask: (change: () => void) => void; question: ReactNode } {
  const [held, setHeld] = useState<(() => void) | null>(null)
  const ask = (change: () => void) => (unsavedInputNow().unkept > 0 ? setHeld(() => change) : change())
  const question = held && (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        danger
        title={<FormattedMessage id="scope.unsavedTitle" defaultMessage="Switch without saving?" />}
        description={
          <FormattedMessage
            id="scope.unsavedText"
            defaultMessage="This page holds input that is not saved. It is lost if you switch."
          />
        }
        confirmLabel={<FormattedMessage id="scope.unsavedConfirm" defaultMessage="Switch" />}
        onConfirm={() => {
          setHeld(null)
          // Answered: a reload the switch makes does not ask the browser's question again.
          letUnsavedInputGo()
          held()
        }}
        onCancel={() => setHeld(null)}
      />
    </Suspense>
  )
  return { ask, question }
}
