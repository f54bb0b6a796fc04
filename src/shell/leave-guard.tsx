import { useBlocker } from '@tanstack/react-router'
import { getSession } from '../core/session'
import { unsavedInputNow } from '../pwa/unsaved'
import { AskedPart, onDemand } from '../ui/on-demand-part'

// The dialog's code is loaded only when a leave is held up: it is not part of the first screen.
const unsavedQuestion = onDemand(
  () => import('./unsaved-question'),
  (m) => m.UnsavedQuestion,
)

/** Asked when leaving a page (in the console or by reload) with input that is neither saved nor kept as a draft. */
function holdsInput() {
  // A session that has ended (a 401) leaves for the sign-in page whatever the forms hold.
  return unsavedInputNow().unkept > 0 && getSession() !== null
}

export function LeaveGuard() {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && holdsInput(),
    enableBeforeUnload: holdsInput,
    withResolver: true,
  })
  if (blocker.status !== 'blocked') return null
  // Its code not come: the page is not left, nothing is lost, and a notice says so.
  return (
    <AskedPart part={unsavedQuestion} onFailed={() => blocker.reset?.()}>
      {(UnsavedQuestion) => (
        <UnsavedQuestion
          kind="leave"
          onConfirm={() => blocker.proceed?.()}
          onCancel={() => blocker.reset?.()}
        />
      )}
    </AskedPart>
  )
}
