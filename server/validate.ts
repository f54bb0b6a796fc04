import type { z } from 'zod'
import { failure } from '../src/contract/envelope'

type Refused = { ok: false; status: 400 | 413; body: ReturnType<typeof failure> }
type Parsed<T> = { ok: true; data: T } | Refused

/** Largest JSON body the API reads (file uploads have their own limit). */
export const MAX_JSON_BYTES = 1024 * 1024

/** How deep a JSON body may nest: far more than any entity needs, far less than a stack overflow. */
export const MAX_JSON_DEPTH = 64

const INVALID = Symbol.for('invalid-json')
const TOO_LARGE = Symbol.for('too-large-json')
const TOO_DEEP = Symbol.for('too-deep-json')
const BAD_TEXT = Symbol.for('bad-text-json')

/**
 * Text the database cannot keep: a NUL character or a lone UTF-16 surrogate (PostgreSQL refuses both
 * in text and jsonb). Paths, queries and bodies are checked for it before anything reads them.
 */
export const isUnstorableText = (text: string) => text.includes('\u0000') || !text.isWellFormed()

/** The first problem of a parsed body: too deep, or a string or key the database cannot keep. */
function checkValue(value: unknown): typeof TOO_DEEP | typeof BAD_TEXT | undefined {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length) {
    const [v, depth] = stack.pop() as [unknown, number]
    if (typeof v === 'string') {
      if (isUnstorableText(v)) return BAD_TEXT
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_JSON_DEPTH) return TOO_DEEP
      for (const [k, child] of Object.entries(v)) {
        if (isUnstorableText(k)) return BAD_TEXT
        stack.push([child, depth + 1])
      }
    }
  }
  return undefined
}

/**
 * An entity a change would make larger than the largest body: refused (413). A PATCH may send each
 * field up to the body limit, but the fields it merges may not add up to more, or one entity would
 * grow by a megabyte a request and every later read and write of it with it.
 */
export function entityTooLarge(label: string, fields: Record<string, unknown>): Refused | undefined {
  if (JSON.stringify(fields).length <= MAX_JSON_BYTES) return undefined
  return {
    ok: false,
    status: 413,
    body: failure(`The ${label.toLowerCase()} would be larger than ${MAX_JSON_BYTES} bytes`),
  }
}

/** Validates with the console's own zod schema; a bad input gets a clear message and the issues. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.infer<S>> {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, data: result.data }
  // A path names the field; a key of a megabyte is not echoed back (twice, in the path and the message).
  const issues = result.error.issues.map((i) => ({
    path: i.path.map((k) => String(k).slice(0, 100)).join('.'),
    message: i.message,
  }))
  const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')
  return { ok: false, status: 400, body: failure(message || 'Invalid request', { issues }) }
}

/** A body read by jsonBody, checked: not JSON → 400, too large → 413, else the schema decides. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): Parsed<z.infer<S>> {
  if (body === TOO_LARGE)
    return { ok: false, status: 413, body: failure(`The body is larger than ${MAX_JSON_BYTES} bytes`) }
  if (body === INVALID) return { ok: false, status: 400, body: failure('The body is not valid JSON') }
  if (body === TOO_DEEP)
    return { ok: false, status: 400, body: failure(`The body nests deeper than ${MAX_JSON_DEPTH} levels`) }
  if (body === BAD_TEXT)
    return {
      ok: false,
      status: 400,
      body: failure('The body contains a NUL character or an unpaired surrogate, which cannot be stored'),
    }
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
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return INVALID
  }
  return checkValue(value) ?? value
}

export const isInvalidJson = (body: unknown) =>
  body === INVALID || body === TOO_LARGE || body === TOO_DEEP || body === BAD_TEXT

/**
 * The path and query of a request, checked before any route reads them: a malformed percent-encoding,
 * a NUL or a lone surrogate is a 400 with a message, not a database error.
 */
export function badRequestTarget(url: string): string | undefined {
  const { pathname, search } = new URL(url)
  const parts = [
    pathname,
    ...search
      .slice(1)
      .split('&')
      .flatMap((pair) => pair.split('=')),
  ]
  for (const part of parts) {
    let decoded: string
    try {
      decoded = decodeURIComponent(part.replace(/\+/g, ' '))
    } catch {
      return 'The address has a malformed percent-encoding'
    }
    if (isUnstorableText(decoded))
      return 'The address contains a NUL character or an unpaired surrogate, which is not allowed'
  }
  return undefined
}
