// PWA layer, and part of the entry script: no dependencies, so the entry stays small.

type Container = EventTarget & { controller: unknown }

let watching = false
let missed = 0
let hear: (() => void) | undefined

/**
 * A new version taking control of this page (another tab's Reload) can happen while the console is
 * still loading, before the update code is there to hear it. From the entry script on, such a change
 * is kept for that code. The first worker claiming a page nothing controlled is no new version.
 */
export function keepControllerChanges(
  container: Container | undefined = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
) {
  if (watching || !container) return
  watching = true
  let controlled = container.controller != null
  container.addEventListener('controllerchange', () => {
    const newVersion = controlled
    controlled = true
    if (!newVersion) return
    if (hear) hear()
    else missed += 1
  })
}

/** Hands a new version's taking control, already come or to come, to `listener`. */
export function onControllerChange(listener: () => void, container?: Container) {
  keepControllerChanges(container)
  hear = listener
  for (; missed > 0; missed -= 1) listener()
}
