import type { z } from 'zod'
import { failure } from '../src/contract/envelope'

type Parsed<T> = { ok: true; data: T } | { ok: false; status: 400; body: ReturnType<typeof failure> }

/** Validates with the console's own zod schema; a bad input gets a clear message and the issues. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.infer<S>> {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, data: result.data }
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
  const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')
  return { ok: false, status: 400, body: failure(message || 'Invalid request', { issues }) }
}

export async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return Symbol.for('invalid-json')
  }
}

export const isInvalidJson = (body: unknown) => body === Symbol.for('invalid-json')
