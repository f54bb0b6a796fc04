import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'

/**
 * Screen readers hear the name of the screen a navigation leads to (the document title stays the
 * product's). The name is the screen's first heading, read once it has rendered.
 */
export function RouteAnnouncer() {
  const pathname = useRouterState({ select: (s) => s.resolvedLocation?.pathname })
  const [message, setMessage] = useState('')
  const shown = useRef(pathname)
  useEffect(() => {
    // The first screen is not a change; a navigation to another path is.
    if (shown.current === pathname) return
    shown.current = pathname
    let tries = 0
    let timer = 0
    const read = () => {
      const heading = document.querySelector('#main h1')?.textContent?.trim()
      if (heading) setMessage(heading)
      else if (++tries < 20) timer = window.setTimeout(read, 100)
    }
    setMessage('')
    timer = window.setTimeout(read, 50)
    return () => window.clearTimeout(timer)
  }, [pathname])
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  )
}
