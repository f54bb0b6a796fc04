import type { JsonObject } from '../../api/product-parts'
import { MESSAGES } from '../../contract/messages'

/** The editor's text as a JSON object; an empty editor is an empty object. Arrays, null and scalars are refused. */
export function parseJsonObject(
  text: string,
): { ok: true; value: JsonObject } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, value: {} }
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return { ok: true, value: value as JsonObject }
  } catch {
    // Not JSON at all: the same message, the editor only takes objects.
  }
  return { ok: false, message: MESSAGES.object }
}

export const formatJson = (value: unknown) => JSON.stringify(value ?? {}, null, 2)
