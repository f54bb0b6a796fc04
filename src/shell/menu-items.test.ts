import { createRouter } from '@tanstack/react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { queryClient } from '../core/query-client'
import { routeTree } from '../routeTree.gen'
import { isGroup, menuEntries, registerMenuRoutes, screenOnVersion, selectedKey } from './menu-items'

// The menu is read from the routes' declarations, as the console's router holds them.
beforeAll(() =>
  registerMenuRoutes(Object.values(createRouter({ routeTree, context: { queryClient } }).routesById)),
)

const paths = (loggedIn: boolean, version: string) =>
  menuEntries(loggedIn, version).flatMap((e) => (isGroup(e) ? e.children.map((c) => c.to) : [e.to]))

describe('menu entries', () => {
  it('shows only login and products when logged out', () => {
    expect(paths(false, 'v2')).toEqual(['/login', '/products'])
  })
  it('shows the user entries and the sources group on v2', () => {
    expect(paths(true, 'v2')).toEqual([
      '/tasks',
      '/products',
      '/sources',
      '/templates',
      '/connectors',
      '/transformers',
      '/data-formats',
      '/events',
      '/monitoring',
      '/me',
      '/outbox',
    ])
  })
  it('hides the sources group on v1', () => {
    expect(paths(true, 'v1')).toEqual([
      '/tasks',
      '/products',
      '/data-formats',
      '/events',
      '/monitoring',
      '/me',
      '/outbox',
    ])
  })
  it('a screen the menu hides on a version is not reachable by its address on it', () => {
    for (const version of ['v1', 'v2']) {
      const shown = paths(true, version)
      for (const path of ['/sources', '/templates/create', '/connectors/x/edit', '/transformers', '/tasks']) {
        expect(screenOnVersion(path, version), `${path} on ${version}`).toBe(
          shown.includes(selectedKey(path)),
        )
      }
    }
  })
  it('selects the entry of the first path segment', () => {
    expect(selectedKey('/products/abc/edit')).toBe('/products')
    expect(selectedKey('/')).toBe('/')
    expect(selectedKey('/data-formats/edit')).toBe('/data-formats')
  })
})

describe('menu declarations of routes', () => {
  it('orders the declared entries, groups them, and carries the permission that hides one', () => {
    const label = { id: 'x', defaultMessage: 'x' }
    const permission = { type: 'things', actions: 'read' }
    registerMenuRoutes([
      {
        fullPath: '/things/',
        options: { staticData: { menu: { label, icon: 'tasks', order: 2, permission } } },
      },
      { fullPath: '/things/$id/edit', options: {} },
      { fullPath: '/first', options: { staticData: { menu: { label, icon: 'M0 0h1', order: 1 } } } },
      {
        fullPath: '/open',
        options: { staticData: { menu: { label, icon: 'login', order: 0, shown: 'signed-out' } } },
      },
      {
        fullPath: '/kept',
        options: { staticData: { menu: { label, icon: 'browse', order: 3, group: 'sources' } } },
      },
    ])
    expect(menuEntries(true, 'v2')).toEqual([
      { key: '/first', to: '/first', label, icon: 'M0 0h1' },
      { key: '/things', to: '/things', label, icon: 'tasks', permission },
      expect.objectContaining({ key: 'sources', children: [expect.objectContaining({ to: '/kept' })] }),
    ])
    expect(paths(true, 'v1')).toEqual(['/first', '/things'])
    expect(screenOnVersion('/kept/x', 'v1')).toBe(false)
    expect(paths(false, 'v2')).toEqual(['/open'])
  })
})
