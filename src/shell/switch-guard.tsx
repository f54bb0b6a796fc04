import { type ReactNode, useState } from 'react'
import { letUnsavedInputGo, unsavedInputNow } from '../pwa/unsaved'
import { AskedPart, onDemand } from '../ui/on-demand-part'

// The question, its code and its words, load only when a switch is held up: none of it is part of
// the first screen.
const unsavedQuestion = onDemand(
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
  // Its code not come: no switch, nothing lost, and a notice says so.
  const question = held && (
    <AskedPart part={unsavedQuestion} onFailed={() => setHeld(null)}>
      {(UnsavedQuestion) => (
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
      )}
    </AskedPart>
  )
  return { ask, question }
}
