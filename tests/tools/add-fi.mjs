// Adds Finnish translations given as JSON on stdin to lang/fi.json, keeping keys sorted.
import { readFileSync, writeFileSync } from 'node:fs'

const add = JSON.parse(readFileSync(0, 'utf8'))
const fi = { ...JSON.parse(readFileSync('lang/fi.json', 'utf8')), ...add }
const sorted = Object.fromEntries(Object.entries(fi).sort(([a], [b]) => a.localeCompare(b)))
writeFileSync('lang/fi.json', `${JSON.stringify(sorted, null, 2)}\n`)
