// Core layer: every call to the platform goes through here. Imports only core/ and contract/.

import type * as Answers from '../contract/answers'
import type { Issue, Pagination } from '../contract/envelope'
import { fieldsOf, readList, readTotal, UNREADABLE, type Unreadable } from '../contract/reading'
import { noteAnswerSeq } from './answer-seq'
import { hasEarlyRequest, noteRead, platformHeaders, takeEarlyResponse } from './early-requests'
import { markReachable, noteNoAnswer } from './online'
import { currentScope } from './scope'
import { getSession } from './session'

/** The generic failure text; shown when the answer is not one the platform would give. */
export const GENERIC_FAILURE = 'There was a problem with your request. Please try again later.'
const TIMEOUT_MS = 30_000

export type { Issue, Pagination } from '../contract/envelope'

/**
 * Why a call failed, for the words the console shows: no answer (offline), no answer in time,
 * an HTTP status, or a 2xx whose body is not JSON or not of the expected shape.
 */
export type FailureKind = 'offline' | 'timeout' | 'status' | 'unreadable' | 'shape'

/** What every answer carries, read or failed. */
interface ApiAnswer {
  /** HTTP status; 0 when no answer came (offline, timeout, refused). */
  status: number
  /** The `x-auth` response header, passed on. */
  xAuth?: string
}

/** A call the platform answered with what the console reads. */
export interface ApiSuccess<T> extends ApiAnswer {
  /** The unwrapped `result`. */
  data: T
  error?: undefined
  kind?: undefined
  pagination?: Pagination
  /** The list's `totalCount`, wherever the platform put it; undefined when it gave none. */
  total?: number
  /** Rows of a list the console could not read (left out of `data` unless `rows` asked for them in place). */
  unreadable?: Unreadable[]
  body?: undefined
  issues?: undefined
  mismatch?: undefined
}

/** A call that failed: no answer, a refusal, or an answer the console cannot read. */
export interface ApiFailure extends ApiAnswer {
  data?: undefined
  /** Error text: `error.message`, then `message`, then the transport's message. */
  error: string
  /** Why the call failed. */
  kind: FailureKind
  /** The raw body of a failed answer (a 412 carries the current entity in `result`). */
  body?: unknown
  /** The platform's validation issues of a refused body. */
  issues?: Issue[]
  /** Where a 2xx answer did not fit what the console reads: the call, the field's path, what was expected. */
  mismatch?: Mismatch
  pagination?: undefined
  total?: undefined
  unreadable?: undefined
}

/** A call's outcome: check `error` (or `kind`) first; then `data` is what was asked for. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure

/** An answer that did not fit: which call, which field, what the console expected there. */
export interface Mismatch {
  call: string
  path: string
  expected: string
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Path with `{name}` placeholders, e.g. `/api/{env}/products/{version}/{id}`. */
  path: string
  params?: Record<string, string | number>
  query?: Record<string, string | number | boolean | undefined | null>
  body?: unknown
  headers?: Record<string, string>
  blob?: boolean
  signal?: AbortSignal
  /**
   * The shape of the unwrapped answer, chosen from the answer schemas (zod's small build, loaded with
   * the first answer that needs them, in parallel with the call): a 2xx that does not match is this
   * call's failure.
   */
  schema?: AnswerShape
  /**
   * With a list schema: a row that does not fit stays in the list as an `Unreadable` marker (tables
   * show it as such), instead of being left out. Either way one row never fails the whole list.
   */
  rows?: boolean
}

export type AnswerShape = (answers: typeof Answers) => Answers.AnswerSchema

type Unauthorized = (path: string) => void
let onUnauthorized: Unauthorized = () => {}
/** Set by the auth module: a 401 logs the user out. */
export function setUnauthorizedHandler(handler: Unauthorized) {
  onUnauthorized = handler
}

/** Fills `{name}` placeholders from params (env and version default to the current scope). */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  const scope = currentScope()
  const values: Record<string, string | number> = { env: scope.env, version: scope.version, ...params }
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}

export function buildUrl(
  path: string,
  params?: RequestOptions['params'],
  query?: RequestOptions['query'],
): string {
  const filled = buildPath(path, params)
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  }
  const qs = search.toString()
  return qs ? `${filled}?${qs}` : filled
}

/** Paths whose 401 does not log the user out: auth/, and the v2 products contracts and auth-credentials. */
export function keepsSessionOn401(path: string): boolean {
  const p = path.replace(/^\//, '')
  const env = p.split('/')[1] ?? ''
  return (
    p.startsWith(`api/${env}/auth/`) ||
    p.startsWith(`api/${env}/products/v2/contracts`) ||
    p.startsWith(`api/${env}/products/v2/auth-credentials`)
  )
}

function issuesOf(body: unknown): Issue[] | undefined {
  const issues = fieldsOf(fieldsOf(body).error).issues
  if (!Array.isArray(issues)) return undefined
  const valid = issues.filter(
    (i): i is Issue => typeof i?.path === 'string' && typeof i?.message === 'string',
  )
  return valid.length ? valid : undefined
}

function errorText(body: unknown): string | undefined {
  const b = fieldsOf(body)
  const { message } = fieldsOf(b.error)
  if (typeof message === 'string' && message) return message
  if (typeof b.message === 'string' && b.message) return b.message
  return undefined
}

/** The session token and, for product paths, the Organization-Id header; XHR uploads reuse them. */
export function authHeaders(url: string, given: Record<string, string> = {}): Record<string, string> {
  return platformHeaders(url, getSession()?.token, currentScope().organizationId, given)
}

/** What any answer tells: the platform is reachable (unless a proxy says otherwise); a 401 may end the session. */
export function noteResponse(url: string, status: number) {
  if (status < 502 || status > 504) markReachable()
  if (status === 401 && !keepsSessionOn401(url)) onUnauthorized(url)
}

export async function request<T>(options: RequestOptions): Promise<ApiResult<T>> {
  const url = buildUrl(options.path, options.params, options.query)
  const headers = authHeaders(url, options.headers)
  let payload: BodyInit | undefined
  if (options.body instanceof FormData || options.body instanceof Blob) payload = options.body
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(options.body)
  }
  const timeout = AbortSignal.timeout(TIMEOUT_MS)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout

  const read = (options.method ?? 'GET') === 'GET' && payload === undefined
  if (read) noteRead(url)
  let response: Response
  try {
    // A read the entry script already sent with the same headers is adopted, not sent again.
    const early = read && hasEarlyRequest(url) ? await takeEarlyResponse(url, headers, signal) : undefined
    response = await (early ??
      fetch(url, { method: options.method ?? 'GET', headers, body: payload, signal }))
  } catch (error) {
    if (options.signal?.aborted) throw error
    noteNoAnswer()
    const timedOut = timeout.aborted
    return {
      status: 0,
      error: error instanceof Error ? error.message : String(error),
      kind: timedOut ? 'timeout' : 'offline',
    }
  }

  // Any answer, even an error, shows the platform is reachable; a 502-504 from a proxy does not.
  noteResponse(url, response.status)
  noteAnswerSeq(url, response.headers.get('X-Live-Seq'))
  if (options.blob && response.ok) return { data: (await response.blob()) as T, status: response.status }

  let body: unknown
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    // The connection dropped while the body came (the platform stopped mid-answer): no answer
    // at all, as offline as a refused connection, and never read as an empty body.
    if (options.signal?.aborted) throw error
    noteNoAnswer()
    return {
      status: 0,
      error: error instanceof Error ? error.message : String(error),
      kind: timeout.aborted ? 'timeout' : 'offline',
    }
  }
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    return {
      status: response.ok ? 502 : response.status,
      error: response.ok ? GENERIC_FAILURE : statusText(response),
      kind: response.ok ? 'unreadable' : 'status',
    }
  }
  if (!response.ok) {
    return {
      status: response.status,
      error: errorText(body) ?? statusText(response),
      body,
      kind: 'status',
      issues: issuesOf(body),
    }
  }
  const xAuth = response.headers.get('x-auth') ?? undefined
  let data: unknown = body
  let pagination: Pagination | undefined
  if (typeof body === 'object' && body !== null) {
    const b = body as { success?: unknown; result?: unknown; pagination?: Pagination }
    if (b.success === false)
      return {
        status: response.status,
        error: errorText(body) ?? GENERIC_FAILURE,
        xAuth,
        kind: 'status',
      }
    if ('result' in b) {
      data = b.result
      pagination = b.pagination
    }
  }
  const total = readTotal(body)
  if (pagination != null && typeof pagination !== 'object') pagination = undefined
  const call = `${options.method ?? 'GET'} ${url.split('?')[0]}`
  let unreadable: Unreadable[] | undefined
  if (options.schema) {
    const answers = await import('../contract/answers')
    const schema = options.schema(answers)
    // A list schema is read row by row: one row that does not fit never fails the list.
    const element = answers.itemOf(schema)
    if (element) {
      const rows = readList(data)
      if (rows === undefined) return shapeFailure(call, { path: '', expected: 'a list' }, body)
      const read: unknown[] = []
      rows.forEach((row, i) => {
        const parsed = answers.readAnswer(element, row)
        if (parsed.success) {
          read.push(parsed.data)
          return
        }
        const first = parsed.issues[0]
        const where = {
          path: [i, ...(first?.path ? [first.path] : [])].join('.'),
          expected: first?.message ?? '',
        }
        console.error(`Unreadable row of ${call} at ${where.path}: ${where.expected}`, row)
        const marker: Unreadable = {
          id: `${UNREADABLE}:${i}`,
          [UNREADABLE]: { raw: row, ...where },
        }
        unreadable = [...(unreadable ?? []), marker]
        if (options.rows) read.push(marker)
      })
      data = read
    } else {
      const parsed = answers.readAnswer(schema, data)
      if (!parsed.success) {
        const first = parsed.issues[0]
        return shapeFailure(call, { path: first?.path ?? '', expected: first?.message ?? '' }, body)
      }
      data = parsed.data
    }
  }
  return {
    data: data as T,
    ...(pagination ? { pagination } : {}),
    ...(total !== undefined ? { total } : {}),
    ...(unreadable ? { unreadable } : {}),
    xAuth,
    status: response.status,
  }
}

/** A 2xx that does not fit: logged with the call, the field and what was expected, and the call's failure. */
function shapeFailure<T>(
  call: string,
  where: { path: string; expected: string },
  body: unknown,
): ApiResult<T> {
  const mismatch = { call, ...where }
  console.error(`The answer of ${call} does not fit at "${where.path || '(the answer)'}": ${where.expected}`)
  return { status: 502, error: GENERIC_FAILURE, kind: 'shape', body, mismatch }
}

function statusText(response: Response): string {
  return response.statusText || `${GENERIC_FAILURE} (${response.status})`
}

/**
 * A call the SPEC does not list (run history, the quality-attributes collection) answered 404, 405
 * or 501: the platform does not provide it, which is no failure of the platform's.
 */
export const notProvided = (status: number) => status === 404 || status === 405 || status === 501

/** An error with the platform's status, thrown where a screen must fail rather than show emptiness. */
export class ApiError extends Error {
  /** No answer came (a dropped connection, a timeout): worth asking again, unlike a refusal. */
  readonly noAnswer: boolean
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
    noAnswer = false,
    readonly kind: FailureKind = status === 0 ? 'offline' : 'status',
    readonly issues?: Issue[],
    readonly mismatch?: Mismatch,
  ) {
    super(message)
    this.name = 'ApiError'
    this.noAnswer = noAnswer || status === 0
  }
}

/** The ApiError of a failed result. */
export function apiError(result: ApiResult<unknown>): ApiError {
  return new ApiError(
    result.status || (result.kind === 'shape' ? 502 : 0),
    result.error ?? GENERIC_FAILURE,
    result.body,
    result.status === 0,
    result.kind,
    result.issues,
    result.mismatch,
  )
}

/** The data of a successful call, or an ApiError (for query functions and route loaders). */
export function dataOrThrow<T>(result: ApiResult<T>): T {
  if (result.error !== undefined || result.data === undefined) {
    const error = apiError(result)
    throw result.status === 0
      ? new ApiError(503, error.message, error.body, true, error.kind, error.issues, error.mismatch)
      : error
  }
  return result.data
}
