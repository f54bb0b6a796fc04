import { CREDENTIAL_LIMITS } from '../../contract/contract-values'
import { MESSAGES } from '../../contract/messages'

export interface CredentialRow {
  key: string
  name: string
  value: string
}

export const DUPLICATE_NAME = 'duplicateName'

/** Rows left wholly empty are ignored; a value needs a name, names are unique and not too long. */
export function credentialProblems(rows: CredentialRow[]): Record<string, string> {
  const problems: Record<string, string> = {}
  const seen = new Set<string>()
  for (const row of rows) {
    const name = row.name.trim()
    if (!name && !row.value) continue
    if (!name) problems[row.key] = MESSAGES.required
    else if (name.length > CREDENTIAL_LIMITS.name) problems[row.key] = MESSAGES.tooLong
    else if (seen.has(name)) problems[row.key] = DUPLICATE_NAME
    seen.add(name)
  }
  return problems
}

/** The body the platform takes: names to values, empty rows dropped. */
export function toCredentials(rows: CredentialRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((r) => r.name.trim()).map((r) => [r.name.trim(), r.value]))
}

/**
 * The values that cannot be saved, by row: none (an empty secret is never saved silently) or one
 * longer than the platform takes.
 */
export function valueProblems(rows: CredentialRow[]): Map<string, string> {
  const problems = new Map<string, string>()
  for (const row of rows) {
    if (row.name.trim() && !row.value.trim()) problems.set(row.key, MESSAGES.required)
    else if (row.value.length > CREDENTIAL_LIMITS.value) problems.set(row.key, MESSAGES.tooLong)
  }
  return problems
}
