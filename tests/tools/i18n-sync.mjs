// Extracts the messages of src/ (FormatJS), writes their English defaults into lang/en.json and
// lists the ids lang/fi.json still lacks. `npm run i18n:extract` runs it.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'

const out = 'lang/extracted.json'
execFileSync(
  'npx',
  [
    'formatjs',
    'extract',
    'src/**/*.{ts,tsx}',
    '--ignore',
    'src/**/*.d.ts',
    '--format',
    'simple',
    '--out-file',
    out,
  ],
  { stdio: 'inherit' },
)
const extracted = JSON.parse(readFileSync(out, 'utf8'))
const read = (f) => JSON.parse(readFileSync(f, 'utf8'))
const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)))
const en = read('lang/en.json')
const fi = read('lang/fi.json')
writeFileSync('lang/en.json', `${JSON.stringify(sorted({ ...en, ...extracted }), null, 2)}\n`)
const missing = Object.keys({ ...en, ...extracted }).filter((id) => !(id in fi))
if (missing.length)
  console.log(
    `lang/fi.json lacks ${missing.length}:\n${missing.map((id) => `  ${id}: ${extracted[id] ?? en[id]}`).join('\n')}`,
  )
