import { MESSAGES } from '../../contract/messages'

export interface CredentialRow {
  key: string
  name: string
  value: string
}

export const DUPLICATE_NAME = 'duplicateName'

/** Rows left wholly empty are ignored; a value needs a name, and names are unique. */
export function credentialProblems(rows: CredentialRow[]): Record<string, string> {
  const problems: Record<string, string> = {}
  const seen = new Set<string>()
  for (const row of rows) {
    const name = row.name.trim()
    if (!name && !row.value) continue
    if (!name) problems[row.key] = MESSAGES.required
    else if (seen.has(name)) problems[row.key] = DUPLICATE_NAME
    seen.add(name)
  }
  return problems
}

/** The body the platform takes: names to values, empty rows dropped. */
export function toCredentials(rows: CredentialRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.value]))
}

/** Rows with a name and no value: an empty secret is never saved silently. */
export function emptyValues(rows: CredentialRow[]): Set<string> {
  return new Set(rows.filter((r) => r.name.trim() && !r.value.trim()).map((r) => r.key))
}
