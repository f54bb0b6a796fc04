import { beforeEach, describe, expect, it } from 'vitest'
import routeTree from '../routeTree.gen.ts?raw'
import { type ChunkMap, chunksFor, matchesPattern, preloadChunks, routePattern } from './preload'

const routeFiles = Object.keys(import.meta.glob('../routes/**/*.tsx'))
  .map((path) => path.replace(/^\.\.\/routes\//, '').replace(/\.tsx$/, ''))
  .filter((file) => file !== '__root' && file !== '_user')

const map: ChunkMap = {
  base: '/',
  files: [
    'assets/main.js',
    'assets/framework.js',
    'assets/fi.js',
    'assets/en.js',
    'assets/tasks.js',
    'assets/tasks-en.js',
  ],
  boot: [0, 1],
  lang: { fi: { boot: 2, routes: {} }, en: { boot: 3, routes: { 'tasks/$': 5, tasks: 5 } } },
  routes: { tasks: [4], 'tasks/create': [1], 'tasks/$': [4, 1], '': [] },
}

beforeEach(() => {
  localStorage.clear()
  document.head.replaceChildren()
})

describe('the chunks a screen starts with (preloaded by the entry script)', () => {
  it('gives every route file the pattern of its full path in the route tree', () => {
    const fullPaths = [
      ...(/interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(routeTree)?.[1] ?? '').matchAll(
        /'([^']+)'/g,
      ),
    ].map((m) => m[1] ?? '')
    expect(routeFiles.length).toBeGreaterThan(20)
    for (const file of routeFiles) {
      const pattern = routePattern(file)
      expect(
        fullPaths.filter((path) => matchesPattern(path, pattern)),
        `${file} -> ${pattern}`,
      ).not.toEqual([])
    }
    expect(routePattern('_user/tasks/$id.edit')).toBe('tasks/$/edit')
    expect(routePattern('_user/data-formats/{-$id}.edit')).toBe('data-formats/?/edit')
    expect(routePattern('_user/index')).toBe('')
    expect(routePattern('_user/me_/applications/{-$id}.edit')).toBe('me/applications/?/edit')
  })

  it('matches parameters and optional segments, and nothing longer or shorter', () => {
    expect(matchesPattern('/tasks/abc/edit', 'tasks/$/edit')).toBe(true)
    expect(matchesPattern('/tasks/edit', 'tasks/$/edit')).toBe(false)
    expect(matchesPattern('/data-formats/edit', 'data-formats/?/edit')).toBe(true)
    expect(matchesPattern('/data-formats/x1/edit', 'data-formats/?/edit')).toBe(true)
    expect(matchesPattern('/tasks/', 'tasks')).toBe(true)
    expect(matchesPattern('/tasks/a/b', 'tasks/$')).toBe(false)
    expect(matchesPattern('/', '')).toBe(true)
  })

  it('takes the boot chunks, the catalog parts of the boot and the route, and the most specific route', () => {
    expect(chunksFor(map, '/tasks/create', 'fi')).toEqual([
      '/assets/main.js',
      '/assets/framework.js',
      '/assets/fi.js',
    ])
    expect(chunksFor(map, '/tasks/t-1', 'en')).toEqual([
      '/assets/main.js',
      '/assets/framework.js',
      '/assets/en.js',
      '/assets/tasks-en.js',
      '/assets/tasks.js',
    ])
    // An unknown address or language: the boot chunks only.
    expect(chunksFor(map, '/nowhere/at/all', 'sv')).toEqual(['/assets/main.js', '/assets/framework.js'])
  })

  it('adds one preload link per chunk (as a module script fetches it), from the map index.html carries', () => {
    const data = document.createElement('script')
    data.type = 'application/json'
    data.id = 'chunk-map'
    data.textContent = JSON.stringify(map)
    document.body.append(data)
    localStorage.setItem('locale', 'en')
    expect(preloadChunks(document, new URL('http://localhost/tasks'))).toBe(5)
    const links = [...document.head.querySelectorAll('link')]
    expect(links.every((l) => l.as === 'script' && l.crossOrigin === '')).toBe(true)
    // None of them holds up the first paint (nor, in Lighthouse's model, counts as if it did).
    expect(links.every((l) => l.getAttribute('fetchpriority') === 'low')).toBe(true)
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([
      ['preload', '/assets/main.js'],
      ['preload', '/assets/framework.js'],
      ['preload', '/assets/en.js'],
      ['preload', '/assets/tasks-en.js'],
      ['preload', '/assets/tasks.js'],
    ])
    data.remove()
  })

  it('does nothing without a map (the dev server) or with a broken one', () => {
    expect(preloadChunks(document, new URL('http://localhost/tasks'))).toBe(0)
    const data = document.createElement('script')
    data.type = 'application/json'
    data.id = 'chunk-map'
    data.textContent = '{broken'
    document.body.append(data)
    expect(preloadChunks(document, new URL('http://localhost/tasks'))).toBe(0)
    expect(document.head.querySelectorAll('link')).toHaveLength(0)
    data.remove()
  })
})
