// For tests: the messages FormatJS extracts from the console's code, as `npm run i18n:extract` does.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Every message id in `src/` with its default text. */
export function extractMessages(): Record<string, string> {
  const out = join(mkdtempSync(join(tmpdir(), 'i18n-')), 'extracted.json')
  const bin = join(process.cwd(), 'node_modules/.bin/formatjs')
  execFileSync(bin, [
    'extract',
    'src/**/*.{ts,tsx}',
    '--ignore',
    'src/**/*.d.ts',
    '--format',
    'simple',
    '--out-file',
    out,
  ])
  return JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>
}
