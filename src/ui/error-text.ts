import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl'
import { expectedWords } from './expected-words'
import { isKnownValidation, translateValidation } from './form/validation-message'

/** What the console knows of a failed call (an ApiError, or anything thrown). */
export interface FailureLike {
  status?: number
  kind?: string
  message?: string
  issues?: { path: string; message: string }[]
  /** An answer that did not fit: the call, the field, what was expected (core/http.ts `Mismatch`). */
  mismatch?: { call: string; path: string; expected: string }
}

const byKind = defineMessages({
  offline: {
    id: 'failure.offline',
    defaultMessage: 'No connection to the platform. Check the network and try again.',
  },
  timeout: { id: 'failure.timeout', defaultMessage: 'The platform did not answer in time.' },
  shape: {
    id: 'failure.generic',
    defaultMessage: 'There was a problem with your request. Please try again later.',
  },
})

const byStatus = defineMessages({
  400: { id: 'failure.400', defaultMessage: 'The platform refused the input.' },
  401: { id: 'failure.401', defaultMessage: 'Your sign-in has ended. Sign in again.' },
  403: { id: 'error.accessDenied', defaultMessage: 'Access denied.' },
  404: { id: 'failure.404', defaultMessage: 'Not found: it may have been removed.' },
  409: { id: 'failure.409', defaultMessage: 'The change conflicts with another one. Try again.' },
  412: { id: 'failure.412', defaultMessage: 'The entity was changed by someone else.' },
  413: { id: 'failure.413', defaultMessage: 'The request is too large for the platform.' },
  422: { id: 'failure.400', defaultMessage: 'The platform refused the input.' },
  429: { id: 'failure.429', defaultMessage: 'Too many requests. Wait a moment and try again.' },
  500: { id: 'failure.500', defaultMessage: 'The platform ran into an internal error.' },
  502: { id: 'failure.502', defaultMessage: 'The platform cannot be reached right now.' },
  503: { id: 'failure.502', defaultMessage: 'The platform cannot be reached right now.' },
  504: { id: 'failure.502', defaultMessage: 'The platform cannot be reached right now.' },
})

/** A failed action's words (a write never queued), where they differ from a read's. */
const ofAction = defineMessages({
  forbidden: { id: 'write.forbidden', defaultMessage: 'You are not permitted to do this.' },
  noAnswer: {
    id: 'write.noAnswer',
    defaultMessage: 'The platform did not answer. Nothing was changed; try again.',
  },
  failed: {
    id: 'write.failed',
    defaultMessage: 'There was a problem with your request. Please try again later.',
  },
})

/** Whole platform texts the console knows: shown translated instead of the status's words. */
const knownTexts: Record<string, MessageDescriptor> = defineMessages({
  'The file is empty': { id: 'failure.fileEmpty', defaultMessage: 'The file is empty.' },
  'The file is larger than 5 MB': {
    id: 'failure.fileTooLarge',
    defaultMessage: 'The file is larger than 5 MB.',
  },
  'A revoked token cannot be renewed; generate a new one': {
    id: 'failure.revokedRenew',
    defaultMessage: 'A revoked token cannot be renewed; generate a new one.',
  },
  'The contract is not valid now': {
    id: 'failure.contractNotValid',
    defaultMessage: 'The contract is not valid now.',
  },
  'Access denied.': { id: 'error.accessDenied', defaultMessage: 'Access denied.' },
  'Token expired': { id: 'failure.tokenExpired', defaultMessage: 'Token expired' },
  'Not found': { id: 'failure.404', defaultMessage: 'Not found: it may have been removed.' },
  Unauthorized: { id: 'failure.401', defaultMessage: 'Your sign-in has ended. Sign in again.' },
  'The entity was changed by someone else.': {
    id: 'failure.412',
    defaultMessage: 'The entity was changed by someone else.',
  },
  'Others are changing this entity right now; try again.': {
    id: 'failure.409',
    defaultMessage: 'The change conflicts with another one. Try again.',
  },
})

const fields: Record<string, MessageDescriptor> = defineMessages({
  name: { id: 'field.name', defaultMessage: 'Name' },
  code: { id: 'field.code', defaultMessage: 'Code' },
  description: { id: 'field.description', defaultMessage: 'Description' },
  expirationDate: { id: 'field.expirationDate', defaultMessage: 'Expiration date' },
  productCode: { id: 'field.productCode', defaultMessage: 'Product code' },
  dataFormatCode: { id: 'field.dataFormatCode', defaultMessage: 'Data format code' },
  type: { id: 'field.type', defaultMessage: 'Type' },
  imageUrl: { id: 'field.imageUrl', defaultMessage: 'Image URL' },
  url: { id: 'field.url', defaultMessage: 'URL' },
  email: { id: 'field.email', defaultMessage: 'Email' },
  contactPersonEmail: { id: 'field.contactPersonEmail', defaultMessage: 'Contact person email' },
  accessPoint: { id: 'field.accessPoint', defaultMessage: 'Access point' },
  schedule: { id: 'field.schedule', defaultMessage: 'Schedule' },
  interval: { id: 'field.interval', defaultMessage: 'Interval' },
  validFrom: { id: 'field.validFrom', defaultMessage: 'Valid from' },
  validTo: { id: 'field.validTo', defaultMessage: 'Valid to' },
  organizationId: { id: 'field.organizationId', defaultMessage: 'Organization' },
  contractId: { id: 'field.contractId', defaultMessage: 'Contract' },
  visibleTo: { id: 'field.visibleTo', defaultMessage: 'Visible to' },
  ontologyContext: { id: 'field.ontologyContext', defaultMessage: 'Ontology context' },
  concurrentExecutions: { id: 'field.concurrentExecutions', defaultMessage: 'Concurrent executions' },
})

const rules = defineMessages({
  future: { id: 'rule.future', defaultMessage: 'must be in the future' },
  date: { id: 'rule.date', defaultMessage: 'must be a valid date' },
  invalid: { id: 'rule.invalid', defaultMessage: 'is not valid' },
  after: { id: 'rule.after', defaultMessage: 'must be after the start' },
  member: { id: 'rule.member', defaultMessage: 'you are not a member of this organization' },
  tooLong: { id: 'validation.tooLong', defaultMessage: 'Too long' },
  tooShort: { id: 'validation.tooShort', defaultMessage: 'Too short' },
  required: { id: 'validation.required', defaultMessage: 'This field is required' },
})

/** A rule's message in the chosen language: the fixed rule texts, then the platform's and zod's wording. */
function translateRule(intl: IntlShape, message: string): string {
  const spec = translateValidation(intl, message)
  if (spec !== message) return spec
  const m = message.toLowerCase()
  if (m.includes('future')) return intl.formatMessage(rules.future)
  if (m.includes('must be after') || m.includes('must not be after')) return intl.formatMessage(rules.after)
  if (m.includes('not a member')) return intl.formatMessage(rules.member)
  if (m.includes('received undefined') || m === 'required') return intl.formatMessage(rules.required)
  if (m.startsWith('too big') || m.includes('too long')) return intl.formatMessage(rules.tooLong)
  if (m.startsWith('too small')) return intl.formatMessage(rules.tooShort)
  if (m.includes('date')) return intl.formatMessage(rules.date)
  return intl.formatMessage(rules.invalid)
}

/** A field's name in the chosen language (the last path segment); unknown fields keep their name. */
export function fieldLabel(intl: IntlShape, path: string): string {
  const last =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? path
  const descriptor = fields[last]
  return descriptor ? intl.formatMessage(descriptor) : last
}

/**
 * One platform validation issue in the chosen language, by field and rule: "Expiration date: must be
 * in the future". Also takes the platform's "field: rule" text when no issue list came.
 */
export function translateIssue(intl: IntlShape, issue: { path: string; message: string }): string {
  const rule = translateRule(intl, issue.message)
  return issue.path ? `${fieldLabel(intl, issue.path)}: ${rule}` : rule
}

/** Splits "field: rule; other: rule" as the platform writes a refused body. */
function issuesOfText(text: string): { path: string; message: string }[] {
  return text
    .split('; ')
    .map((part) => /^([\w.]+): (.+)$/.exec(part))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ path: m[1] ?? '', message: m[2] ?? '' }))
}

export interface ErrorText {
  /** What happened, in the chosen language. */
  headline: string
  /** The platform's validation issues, translated. */
  issues: string[]
  /** The platform's or the transport's own words, when they add to the headline. */
  detail?: string
  /** Where an answer did not fit: which call and which field, in the chosen language. */
  diagnosis?: string
}

/** The failure's own words: its message, or the failure itself when it is a text. */
function rawText(error: unknown, e: FailureLike): string | undefined {
  if (typeof e.message === 'string') return e.message
  return typeof error === 'string' ? error : undefined
}

/** A status's own words, else those of its class (server error, refusal), else "not as expected". */
function statusMessage(status: number) {
  const exact = byStatus[status as keyof typeof byStatus]
  if (exact) return exact
  if (status >= 500) return byStatus[500]
  return status >= 400 ? byStatus[400] : byKind.shape
}

/** The refused fields: as the platform listed them, or read from its text of a 400. */
function issuesOf(e: FailureLike, raw: string | undefined) {
  if (e.issues?.length) return e.issues
  return raw && e.status === 400 ? issuesOfText(raw) : []
}

/** Where an answer did not fit: the call and the field (or the whole answer), and what was expected. */
function diagnosisOf(intl: IntlShape, m: FailureLike['mismatch']): string | undefined {
  if (!m) return undefined
  if (!m.path)
    return intl.formatMessage(
      {
        id: 'failure.mismatchWhole',
        defaultMessage: 'The answer to {call} could not be read: it is not as expected ({expected}).',
      },
      { call: m.call, expected: expectedWords(intl, m.expected) },
    )
  return intl.formatMessage(
    {
      id: 'failure.mismatch',
      defaultMessage: 'The answer to {call} could not be read: {field} is not as expected ({expected}).',
    },
    { call: m.call, field: m.path, expected: expectedWords(intl, m.expected) },
  )
}

/** Every failure in the chosen language: the platform's own text only as a detail. */
export function describeError(intl: IntlShape, error: unknown): ErrorText {
  const e = (typeof error === 'object' && error !== null ? error : {}) as FailureLike
  const raw = rawText(error, e)
  const kind = e.kind ?? (e.status === 0 || error instanceof TypeError ? 'offline' : undefined)
  let headline: string
  const known = raw ? knownTexts[raw] : undefined
  if (known) headline = intl.formatMessage(known)
  else if (raw && isKnownValidation(raw)) headline = translateValidation(intl, raw)
  else if (kind === 'offline' || kind === 'timeout') headline = intl.formatMessage(byKind[kind])
  else if (kind === 'shape' || kind === 'unreadable') headline = intl.formatMessage(byKind.shape)
  else headline = intl.formatMessage(statusMessage(e.status ?? 0))
  const issues = issuesOf(e, raw).map((issue) => translateIssue(intl, issue))
  const detail = raw && raw !== headline ? raw : undefined
  const diagnosis = diagnosisOf(intl, e.mismatch)
  return { headline, issues, detail: diagnosis ? undefined : detail, ...(diagnosis ? { diagnosis } : {}) }
}

/** A failure as one line of text, for places that show a sentence: the refused fields, else the headline. */
export function errorLine(intl: IntlShape, error: unknown): string {
  const text = describeError(intl, error)
  return text.issues.length ? text.issues.join('; ') : text.headline
}

/**
 * A failed action (a write never queued) as one line: no answer says nothing was changed; a refusal
 * for lack of rights and a server error say so in the action's words; a 401 that did not end the
 * session and any other refusal as errorLine says them (fields, a text the console knows, a status).
 */
export function actionErrorLine(intl: IntlShape, error: FailureLike): string {
  const status = error.status ?? 0
  if (status === 0) return intl.formatMessage(ofAction.noAnswer)
  if (status === 401) return errorLine(intl, error)
  if (status === 403) return intl.formatMessage(ofAction.forbidden)
  if (status >= 500 || !error.message) return intl.formatMessage(ofAction.failed)
  return errorLine(intl, error)
}
