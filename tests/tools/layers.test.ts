import { spawnSync } from 'node:child_process'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

// The layer rule lives in biome.json (noRestrictedImports per folder); these probes prove it bites.
const root = join(import.meta.dirname, '..', '..')
const written: string[] = []

function lint(file: string, source: string, ...more: [string, string][]) {
  return biome(['--only=style/noRestrictedImports'], file, source, ...more)
}

/** Runs Biome's linter on probe files written for the run (and removed after it). */
function biome(rules: string[], file: string, source: string, ...more: [string, string][]) {
  const probes: [string, string][] = [[file, source], ...more]
  for (const [name, text] of probes) {
    const path = join(root, name)
    writeFileSync(path, text)
    written.push(path)
  }
  const files = [file, ...more.map(([name]) => name)]
  const run = spawnSync(
    join(root, 'node_modules', '.bin', 'biome'),
    ['lint', '--max-diagnostics=5', ...rules, ...files],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` }
}

afterEach(() => {
  for (const path of written.splice(0)) rmSync(path, { force: true })
})

describe('npm run lint keeps the layers one way', () => {
  it('refuses an upward import with a message that names the allowed direction', () => {
    const { ok, output } = lint(
      'src/core/layer-probe.ts',
      "import { useOutbox } from '../outbox/use-outbox'\nexport const probe = useOutbox\n",
    )
    expect(ok).toBe(false)
    expect(output).toContain('noRestrictedImports')
    expect(output).toContain('src/core/ may import only contract/')
  })

  it('refuses a feature imported from a lower layer, and the api from the ui', () => {
    expect(lint('src/api/layer-probe.ts', "export { x } from '../features/catalog/x'\n").ok).toBe(false)
    expect(
      lint('src/ui/layer-probe.ts', "import { request } from '../api/catalog'\nexport { request }\n").ok,
    ).toBe(false)
  })

  it('lets a layer import the layers below it', () => {
    const { ok, output } = lint(
      'src/outbox/layer-probe.ts',
      "import { currentScope } from '../core/scope'\nimport { TASK_STATUSES } from '../contract/task'\nexport const probe = [currentScope, TASK_STATUSES]\n",
    )
    expect(output).not.toContain('noRestrictedImports')
    expect(ok).toBe(true)
  })

  it('lets server/ import src/contract/ and nothing else of the console', () => {
    expect(
      lint('server/layer-probe.ts', "export { SHELL_PAGES } from '../src/contract/shell-pages'\n").ok,
    ).toBe(true)
    const { ok, output } = lint(
      'server/layer-probe.ts',
      "export { queryClient } from '../src/core/query-client'\n",
    )
    expect(ok).toBe(false)
    expect(output).toContain('server/ imports only src/contract/')
  })

  it('refuses an import cycle, even inside one folder', () => {
    // The cycle rule reads the whole module graph: slower than the others.
    const { ok, output } = biome(
      ['--only=suspicious/noImportCycles'],
      'src/ui/cycle-probe-a.ts',
      "import { b } from './cycle-probe-b'\nexport const a = () => b\n",
      ['src/ui/cycle-probe-b.ts', "import { a } from './cycle-probe-a'\nexport const b = () => a\n"],
    )
    expect(ok).toBe(false)
    expect(output).toContain('noImportCycles')
  }, 120_000)
})
