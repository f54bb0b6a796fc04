import { useCallback, useRef, useState } from 'react'
import { type IntlShape, useIntl } from 'react-intl'
import { fieldsOf } from '../contract/reading'
import type { ApiResult } from '../core/http'
import { actionErrorLine } from '../ui/error-text'

/** The message for a refused or unanswered online-only write. */
function onlineWriteError(
  intl: IntlShape,
  result: Pick<ApiResult<unknown>, 'status' | 'error' | 'kind' | 'mismatch'> & { body?: unknown },
) {
  return actionErrorLine(intl, {
    status: result.status,
    message: result.error,
    issues: issuesOf(result.body),
    kind: result.kind,
    mismatch: result.mismatch,
  })
}

/** What makes two calls the same action: their input, with files by name, size and date. */
function signature(input: unknown): string {
  return JSON.stringify(input ?? null, (_key, value: unknown) =>
    typeof File !== 'undefined' && value instanceof File
      ? `file:${value.name}:${value.size}:${value.lastModified}`
      : value,
  )
}

type Failure = Pick<ApiResult<unknown>, 'kind' | 'mismatch'> & {
  status: number
  message?: string
  issues: FieldIssue[]
}

export interface FieldIssue {
  path: string
  message: string
}

function issuesOf(body: unknown): FieldIssue[] {
  const issues = fieldsOf(fieldsOf(body).error).issues
  return Array.isArray(issues)
    ? issues.filter((i): i is FieldIssue => typeof i?.path === 'string' && typeof i?.message === 'string')
    : []
}

export interface OnlineWrite<I, T> {
  /** Sends once; undefined while another call of this door is on the wire (no double submit). */
  run: (input: I) => Promise<ApiResult<T> | undefined>
  busy: boolean
  /** The translated error of the last call, for the place where the action was made. */
  error: string | undefined
  /** The status of the last failed call. */
  status: number | undefined
  /** The platform's field messages of the last failed call (`error.issues`), as it sent them. */
  issues: FieldIssue[]
  /**
   * The last failed call as the error notice describes it: status, the platform's text, its issues,
   * and an answer that did not fit said as such (not as the 502 the reader gives it).
   */
  failure: Failure | undefined
  clearError: () => void
}

/**
 * The one door for writes that are never queued (tokens, task commands, purchase, credentials,
 * files): each user action gets an Idempotency-Key, kept for a retry of the same action while the
 * platform gave no final answer (no answer, 5xx); one request at a time (`busy`); the error, in the
 * user's language, for the place where the action was made. A 401 ends the session in the http layer.
 */
export function useOnlineWrite<I, T>(
  send: (input: I, idempotencyKey: string) => Promise<ApiResult<T>>,
): OnlineWrite<I, T> {
  const intl = useIntl()
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<Failure & { text: string }>()
  const sending = useRef(false)
  const retry = useRef<{ signature: string; key: string }>(undefined)
  const latest = useRef(send)
  latest.current = send

  const run = useCallback(
    async (input: I) => {
      if (sending.current) return undefined
      sending.current = true
      setBusy(true)
      setFailure(undefined)
      const same = signature(input)
      const key = retry.current?.signature === same ? retry.current.key : crypto.randomUUID()
      retry.current = { signature: same, key }
      try {
        const result = await latest.current(input, key)
        const failed = result.error !== undefined
        // A final answer ends the action; without one the next try is the same action, the same key.
        if (!failed || (result.status !== 0 && result.status < 500)) retry.current = undefined
        if (failed)
          setFailure({
            status: result.status,
            text: onlineWriteError(intl, result),
            message: result.error,
            issues: issuesOf(result.body),
            kind: result.kind,
            mismatch: result.mismatch,
          })
        return result
      } finally {
        sending.current = false
        setBusy(false)
      }
    },
    [intl],
  )
  const clearError = useCallback(() => setFailure(undefined), [])
  return {
    run,
    busy,
    error: failure?.text,
    status: failure?.status,
    issues: failure?.issues ?? [],
    failure: failure && {
      status: failure.status,
      message: failure.message,
      issues: failure.issues,
      kind: failure.kind,
      mismatch: failure.mismatch,
    },
    clearError,
  }
}
