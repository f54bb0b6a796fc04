import { describe, expect, it } from 'vitest'
import { SHELL_PAGES, type ShellPath, shellPageOf } from '../contract/shell-pages'
import type { FileRoutesByTo } from '../routeTree.gen'

// The platform paints these paths' frames before the console runs: a route renamed without its shell
// page fails the typecheck here, naming the path.
type Unrouted = Exclude<ShellPath, keyof FileRoutesByTo>
const everyShellPageIsARoute: [Unrouted] extends [never] ? true : Unrouted = true

describe('shell pages shared with the platform', () => {
  it('are console routes, found with or without a trailing slash', () => {
    expect(everyShellPageIsARoute).toBe(true)
    expect(shellPageOf('/products/')).toBe(SHELL_PAGES['/products'])
    expect(shellPageOf('/login')).toEqual({ title: 'page.login', narrow: true })
    expect(shellPageOf('/products/p1')).toBeUndefined()
    expect(shellPageOf('/toString')).toBeUndefined()
  })
})
