import { describe, expect, it, vi } from 'vitest'
import { keepInstallOffers, onInstallOffer } from './install-offer'

describe("the browser's install offer", () => {
  it('is kept from the start, its prompt held back, and handed to the control that comes later', () => {
    keepInstallOffers()
    const early = new Event('beforeinstallprompt', { cancelable: true })
    window.dispatchEvent(early)
    expect(early.defaultPrevented).toBe(true)
    const take = vi.fn()
    onInstallOffer(take)
    expect(take).toHaveBeenCalledWith(early)
    // A later offer goes straight to the control, once.
    const later = new Event('beforeinstallprompt', { cancelable: true })
    window.dispatchEvent(later)
    expect(take).toHaveBeenLastCalledWith(later)
    expect(take).toHaveBeenCalledTimes(2)
  })
})
