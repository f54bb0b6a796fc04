import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import en from '../../lang/en.json'
import fi from '../../lang/fi.json'
import { ApiError, GENERIC_FAILURE } from '../core/http'
import { describeError } from './error-text'

const finnish = createIntl({ locale: 'fi', messages: fi, onError: () => {} })
const english = createIntl({ locale: 'en', messages: en, onError: () => {} })
const mismatch = {
  call: 'GET /api/sandbox/tasks/t1',
  path: 'jobs.0.schedule',
  expected: 'Invalid input: expected string, received number',
}
const shape = new ApiError(502, GENERIC_FAILURE, {}, false, 'shape', undefined, mismatch)

describe('an answer that does not fit says which call and which field', () => {
  it('in English', () => {
    const text = describeError(english, shape)
    expect(text.diagnosis).toBe(
      'The answer to GET /api/sandbox/tasks/t1 could not be read: jobs.0.schedule is not as expected (expected text, got a number).',
    )
    expect(text.detail).toBeUndefined()
  })
  it('in Finnish', () => {
    expect(describeError(finnish, shape).diagnosis).toBe(
      'Vastausta kutsuun GET /api/sandbox/tasks/t1 ei voitu lukea: jobs.0.schedule ei ole odotetun muotoinen (odotettu: teksti, saatu: luku).',
    )
  })
  it('a whole answer of the wrong kind names no field', () => {
    const whole = new ApiError(502, GENERIC_FAILURE, {}, false, 'shape', undefined, { ...mismatch, path: '' })
    expect(describeError(english, whole).diagnosis).toMatch(/it is not as expected/)
  })
})
