import { describe, expect, it, vi } from 'vitest'
import { keepControllerChanges, onControllerChange } from './controller-change'

describe('a new version taking control of the page', () => {
  it('is kept from the start for the update code that loads later; the first claim is none', () => {
    const container = Object.assign(new EventTarget(), { controller: null as unknown })
    keepControllerChanges(container)
    // The first worker claims the page: no new version.
    container.controller = {}
    container.dispatchEvent(new Event('controllerchange'))
    // Another tab's Reload: a new version takes control before the update code has loaded.
    container.dispatchEvent(new Event('controllerchange'))
    const heard = vi.fn()
    onControllerChange(heard, container)
    expect(heard).toHaveBeenCalledTimes(1)
    // A later one goes straight to it.
    container.dispatchEvent(new Event('controllerchange'))
    expect(heard).toHaveBeenCalledTimes(2)
  })
})
