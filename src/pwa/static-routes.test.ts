import { describe, expect, it, vi } from 'vitest'
import { addStaticRoutes, staticRoutes } from './static-routes'

const installEvent = (addRoutes?: (rules: unknown) => Promise<void>) => {
  const waited: Promise<unknown>[] = []
  const event = { waitUntil: (p: Promise<unknown>) => waited.push(p), ...(addRoutes ? { addRoutes } : {}) }
  return { event: event as unknown as ExtendableEvent, waited }
}

describe('static routes of the service worker', () => {
  it("answers the build's files from the precache and sends the API and sign-in to the network", () => {
    expect(staticRoutes('workbox-precache-v2-/')).toEqual([
      {
        condition: { urlPattern: '/assets/*', requestMethod: 'GET' },
        source: { cacheName: 'workbox-precache-v2-/' },
      },
      { condition: { urlPattern: '/api/*' }, source: 'network' },
      { condition: { urlPattern: '/oidc/*' }, source: 'network' },
    ])
  })

  it('adds them at install where the browser has the API, and the install waits for them', async () => {
    const addRoutes = vi.fn(async () => undefined)
    const { event, waited } = installEvent(addRoutes)
    expect(addStaticRoutes(event, 'precache')).toBe(true)
    expect(addRoutes).toHaveBeenCalledWith(staticRoutes('precache'))
    expect(waited).toHaveLength(1)
    await expect(waited[0]).resolves.toBeUndefined()
  })

  it('leaves every request to the fetch handlers where the browser lacks the API or refuses a rule', async () => {
    const without = installEvent()
    expect(addStaticRoutes(without.event, 'precache')).toBe(false)
    expect(without.waited).toHaveLength(0)
    const refusing = installEvent(async () => {
      throw new TypeError('unknown condition')
    })
    expect(addStaticRoutes(refusing.event, 'precache')).toBe(true)
    // The install does not fail with it.
    await expect(refusing.waited[0]).resolves.toBeUndefined()
  })
})
