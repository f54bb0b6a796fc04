import { readdirSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { type CrudDeclaration, isCrudDeclaration } from '../src/contract/crud'

const CONTRACT = new URL('../src/contract/', import.meta.url)

/**
 * Every resource a contract module declares (`declareCrud`), found by reading contract/ at start-up,
 * so that a new resource needs no server file. Two declarations of one name or one path stop the start.
 */
async function findDeclarations(): Promise<CrudDeclaration[]> {
  const files = readdirSync(CONTRACT)
    .filter((file) => /^[\w-]+\.ts$/.test(file) && !file.endsWith('.test.ts'))
    .sort()
  const found: CrudDeclaration[] = []
  for (const file of files) {
    const module: Record<string, unknown> = await import(pathToFileURL(new URL(file, CONTRACT).pathname).href)
    for (const value of Object.values(module)) {
      if (!isCrudDeclaration(value) || found.includes(value)) continue
      const twin = found.find((d) => d.name === value.name || d.path === value.path || d.kind === value.kind)
      if (twin)
        throw new Error(`contract/${file}: ${value.name} repeats the name, path or kind of ${twin.name}`)
      found.push(value)
    }
  }
  return found
}

export const DECLARED: readonly CrudDeclaration[] = await findDeclarations()
