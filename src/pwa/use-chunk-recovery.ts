import { useEffect, useState } from 'react'
import { isChunkError, recoverFromChunkError } from './chunk-recovery'

/**
 * For error pages: true while a chunk failure is being recovered from (the page is left, or the chunk
 * is checked and the page reloads), when nothing should show; false once the error is to be shown.
 */
export function useChunkRecovery(error: unknown): boolean {
  const chunk = isChunkError(error)
  const [shown, setShown] = useState<unknown>(null)
  useEffect(() => {
    if (!chunk) return
    let live = true
    void recoverFromChunkError(error).then((reloading) => {
      if (live && !reloading) setShown(error)
    })
    return () => {
      live = false
    }
  }, [error, chunk])
  return chunk && shown !== error
}
