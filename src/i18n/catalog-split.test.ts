import { describe, expect, it } from 'vitest'
import en from '../../lang/en.json'
import { parentFiles, type SplitChunk, splitCatalog } from './catalog-split'
import { messageIdsIn } from './message-ids'
import { extractMessages } from './test-extract'

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

describe('the ids a source file names', () => {
  it('finds descriptors, tables keyed by enums and JSX attributes', () => {
    const source = `
      const byStatus = { open: { id: 'task.status.open', defaultMessage: 'Open' } }
      const m = defineMessages({ title: { id: "page.tasks", defaultMessage: 'Tasks' } })
      intl.formatMessage({ id: 'common.cancel' })
      <FormattedMessage id="common.save" /> <FormattedMessage id={'common.delete'} />`
    expect(messageIdsIn(source).sort()).toEqual([
      'common.cancel',
      'common.delete',
      'common.save',
      'page.tasks',
      'task.status.open',
    ])
  })

  it('finds every id the FormatJS extraction finds in the code', () => {
    const extracted = Object.keys(extractMessages())
    const found = new Set(Object.values(sources).flatMap(messageIdsIn))
    expect(extracted.length).toBeGreaterThan(100)
    expect(extracted.filter((id) => !found.has(id))).toEqual([])
    // And each is a message of the catalog (what the build keeps of the names found).
    expect(extracted.filter((id) => !(id in en))).toEqual([])
  })
})

/** A bundle in the shape the build gives: each chunk's modules and imports. */
const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  dynamicImports: string[] = [],
) => ({ fileName, moduleIds, imports, dynamicImports }) satisfies SplitChunk

const ids: Record<string, string[]> = {
  '/app/src/main.tsx': ['shell.title'],
  '/app/src/shell/menu.tsx': ['shell.menu', 'common.cancel'],
  '/app/src/shell/about.tsx': ['shell.about'],
  '/app/src/routes/login.tsx?tsr-split=component': ['login.title'],
  '/app/src/routes/_user/tasks.tsx?tsr-split=component': ['tasks.title'],
  '/app/src/routes/_user/tasks/$id.tsx?tsr-split=component': ['task.title'],
  '/app/src/features/tasks/status.ts': ['task.status.open', 'task.status.done', 'common.cancel'],
  '/app/src/features/tasks/log-dialog.tsx': ['task.log'],
  '/app/src/routes/_user/products.tsx?tsr-split=component': ['products.title'],
}
const bundle = [
  chunk('entry.js', ['/app/src/entry.ts'], [], ['main.js']),
  chunk(
    'main.js',
    ['/app/src/main.tsx', '/app/src/shell/menu.tsx'],
    ['framework.js'],
    ['about.js', 'login.js', 'tasks.js', 'task.js', 'products.js'],
  ),
  chunk('framework.js', ['/app/node_modules/react-intl/index.js']),
  chunk('about.js', ['/app/src/shell/about.tsx']),
  chunk('login.js', ['/app/src/routes/login.tsx?tsr-split=component']),
  chunk('tasks.js', ['/app/src/routes/_user/tasks.tsx?tsr-split=component'], ['status.js']),
  chunk('task.js', ['/app/src/routes/_user/tasks/$id.tsx?tsr-split=component'], ['status.js'], ['log.js']),
  chunk('status.js', ['/app/src/features/tasks/status.ts']),
  chunk('log.js', ['/app/src/features/tasks/log-dialog.tsx']),
  chunk('products.js', ['/app/src/routes/_user/products.tsx?tsr-split=component'], [], ['task.js']),
]

describe('the catalog split by the chunks that use it', () => {
  const split = splitCatalog(bundle, ['entry.js', 'main.js'], (id) => ids[id] ?? [])

  it('gives the boot part what the shell starts with, and no screen', () => {
    expect(split.boot).toEqual(['common.cancel', 'shell.menu', 'shell.title'])
  })

  it("gives a screen what its chunks and its parents' start with, beyond the boot part", () => {
    expect(split.routes.login).toEqual(['login.title'])
    expect(split.routes['_user/tasks']).toEqual(['task.status.done', 'task.status.open', 'tasks.title'])
    // A table keyed by an enum is in the part of every screen whose chunks reach the table's chunk.
    expect(split.routes['_user/tasks/$id']).toEqual([
      'task.status.done',
      'task.status.open',
      'task.title',
      'tasks.title',
    ])
    // Another screen's split part is that screen's, not this one's.
    expect(split.routes['_user/products']).toEqual(['products.title'])
  })

  it("gives the later part what the shell loads on demand, and a screen's later part what it does", () => {
    expect(split.later).toEqual(['shell.about'])
    expect(split.routesLater).toEqual({ '_user/tasks/$id': ['task.log'] })
  })

  it('gives the later part what half the screens or more load on demand: one file, not one per screen', () => {
    const shared = [
      ...bundle.filter((c) => !['login.js', 'tasks.js', 'products.js'].includes(c.fileName)),
      chunk('login.js', ['/app/src/routes/login.tsx?tsr-split=component'], [], ['details.js']),
      chunk(
        'tasks.js',
        ['/app/src/routes/_user/tasks.tsx?tsr-split=component'],
        ['status.js'],
        ['details.js'],
      ),
      chunk('products.js', ['/app/src/routes/_user/products.tsx?tsr-split=component'], [], ['task.js']),
      chunk('details.js', ['/app/src/ui/details.tsx']),
    ]
    const details = splitCatalog(shared, ['entry.js', 'main.js'], (id) =>
      id === '/app/src/ui/details.tsx' ? ['failure.details'] : (ids[id] ?? []),
    )
    // Three screens of four (tasks/$id starts with tasks' parts too): the shell's later part.
    expect(details.later).toEqual(['failure.details', 'shell.about'])
    expect(details.routesLater).toEqual({ '_user/tasks/$id': ['task.log'] })
  })

  it('has every id each chunk uses in the boot part or the part of each screen that starts with it, or in the later part', () => {
    const byFile = new Map(bundle.map((c) => [c.fileName, c]))
    const isPart = (file: string) => /tsr-split/.test(byFile.get(file)?.moduleIds.join() ?? '')
    const reach = (file: string, onDemand: boolean, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen
      seen.add(file)
      const c = byFile.get(file)
      for (const next of c?.imports ?? []) reach(next, onDemand, seen)
      if (onDemand) for (const next of c?.dynamicImports ?? []) if (!isPart(next)) reach(next, onDemand, seen)
      return seen
    }
    const used = (files: Set<string>) =>
      [...files].flatMap((f) => byFile.get(f)?.moduleIds ?? []).flatMap((m) => ids[m] ?? [])
    for (const [route, own] of Object.entries(split.routes)) {
      const screen = bundle.filter((c) =>
        [route, ...parentFiles(route)].some((f) => c.moduleIds.some((m) => m.includes(`/routes/${f}.tsx?`))),
      )
      const starts = new Set(screen.flatMap((c) => [...reach(c.fileName, false)]))
      const has = new Set([...split.boot, ...own])
      expect(
        used(starts).filter((id) => !has.has(id)),
        route,
      ).toEqual([])
      const all = new Set(screen.flatMap((c) => [...reach(c.fileName, true)]))
      for (const id of [...split.later, ...(split.routesLater[route] ?? [])]) has.add(id)
      expect(
        used(all).filter((id) => !has.has(id)),
        route,
      ).toEqual([])
    }
  })
})
