import type { z } from 'zod'
import { failure } from '../src/contract/envelope'

type Refused = { ok: false; status: 400 | 413; body: ReturnType<typeof failure> }
type Parsed<T> = { ok: true; data: T } | Refused

/** Largest JSON body the API reads (file uploads have their own limit). */
export const MAX_JSON_BYTES = 1024 * 1024

const INVALID = Symbol.for('invalid-json')
const TOO_LARGE = Symbol.for('too-large-json')

/** Validates with the console's own zod schema; a bad input gets a clear message and the issues. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.infer<S>> {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, data: result.data }
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
  const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')
  return { ok: false, status: 400, body: failure(message || 'Invalid request', { issues }) }
}

/** A body read by jsonBody, checked: not JSON → 400, too large → 413, else the schema decides. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): Parsed<z.infer<S>> {
  if (body === TOO_LARGE)
    return { ok: false, status: 413, body: failure(`The body is larger than ${MAX_JSON_BYTES} bytes`) }
  if (body === INVALID) return { ok: false, status: 400, body: failure('The body is not valid JSON') }
  return parseWith(schema, body)
}

/** Reads at most `limit` bytes of a body; undefined when it is longer (the rest is not read). */
export async function readLimited(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = Number(request.headers.get('Content-Length') ?? 0)
  if (declared > limit) return undefined
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

/** The JSON body, or a marker for invalid JSON or a body over MAX_JSON_BYTES (see parseBody). */
export async function jsonBody(request: Request): Promise<unknown> {
  const bytes = await readLimited(request, MAX_JSON_BYTES)
  if (!bytes) return TOO_LARGE
  const text = new TextDecoder().decode(bytes)
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return INVALID
  }
}

export const isInvalidJson = (body: unknown) => body === INVALID || body === TOO_LARGE
