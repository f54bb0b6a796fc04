import { type ReactNode, Suspense, useState } from 'react'
import { lazyWithLaterMessages } from '../i18n/i18n-provider'
import { letUnsavedInputGo, unsavedInputNow } from '../pwa/unsaved'

// The question, its code and its words, load only when a switch is held up: none of it is part of
// the first screen.
const UnsavedQuestion = lazyWithLaterMessages(
  () => import('./unsaved-question'),
  (m) => m.UnsavedQuestion,
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
      <UnsavedQuestion
        kind="switch"
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
