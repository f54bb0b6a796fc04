import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

// Comments and test titles state their rule themselves: the product and design documents the code was
// built from are not in this repository, so a citation of them sends a newcomer nowhere.
const root = join(import.meta.dirname, '..', '..')
const FOLDERS = ['src', 'server', 'tests', 'docs']
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '.data'])
const TEXT = /\.(ts|tsx|mjs|js|cjs|css|html|json|md)$/

// Written in pieces so this file does not cite what it forbids.
const S = '§'
const CITATIONS = [
  new RegExp(`SPEC ?${S}`),
  new RegExp(`\\bSPEC${'\\.'}md`),
  new RegExp(`\\bDESIGN${'\\.'}md`),
  new RegExp(`\\bCONVENTIONS${'\\.'}md`),
  /\bDESIGN "/,
  /\bCONVENTIONS \d/,
]

/** Every line that cites an outside document, as `path:line: text`. */
function citations(path: string, text: string): string[] {
  const found: string[] = []
  text.split('\n').forEach((line, index) => {
    if (CITATIONS.some((pattern) => pattern.test(line))) found.push(`${path}:${index + 1}: ${line.trim()}`)
  })
  return found
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return files(path)
    return TEXT.test(entry.name) ? [path] : []
  })
}

describe('comments stand on their own', () => {
  it('finds a citation of the product, design or conventions document, and passes the rule stated in words', () => {
    const cite = (doc: string) => `// Default page size is 10 (${doc}).`
    expect(citations('x.ts', cite(`SPEC ${S}9`))).toEqual([`x.ts:1: ${cite(`SPEC ${S}9`)}`])
    expect(citations('x.ts', `ok\n${cite(`SPEC${S}9`)}`)).toHaveLength(1)
    const [spec, design, conventions] = ['SPEC', 'DESIGN', 'CONVENTIONS']
    for (const doc of [
      `${spec}.md`,
      `${design}.md`,
      `${conventions}.md`,
      `${design} "Writing data"`,
      `${conventions} 8`,
    ]) {
      expect(citations('x.ts', cite(doc)), doc).toHaveLength(1)
    }
    expect(citations('x.ts', '// Default page size is 10; offset is (page-1)*limit.')).toEqual([])
    expect(citations('x.ts', "test('validation messages are each rule’s own text')")).toEqual([])
  })

  it('no file in src/, server/, tests/, docs/ or the README cites a document the repository does not hold', () => {
    const all = [...FOLDERS.flatMap((folder) => files(join(root, folder))), join(root, 'README.md')]
    expect(all.length).toBeGreaterThan(100)
    const found = all.flatMap((path) => citations(relative(root, path), readFileSync(path, 'utf8')))
    expect(found, 'state the rule itself in a few words instead').toEqual([])
  })
})
