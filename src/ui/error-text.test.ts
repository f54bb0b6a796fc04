import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import en from '../../lang/en.json'
import fi from '../../lang/fi.json'
import { ApiError } from '../core/http'
import { describeError, translateIssue } from './error-text'

const finnish = createIntl({ locale: 'fi', messages: fi, onError: () => {} })
const english = createIntl({ locale: 'en', messages: en, onError: () => {} })
const englishValues = new Set(Object.values(en))

describe('failures in the chosen language', () => {
  const cases: [string, unknown][] = [
    ['500', new ApiError(500, 'Internal Server Error')],
    ['502', new ApiError(502, 'Bad Gateway')],
    ['503', new ApiError(503, 'Service Unavailable')],
    ['401', new ApiError(401, 'Unauthorized')],
    ['403', new ApiError(403, 'Access denied.')],
    ['404', new ApiError(404, 'Task t1 was not found')],
    ['409', new ApiError(409, 'Product with the same product code already exists.')],
    ['412', new ApiError(412, 'The entity was changed by someone else.')],
    ['429', new ApiError(429, 'Too many attempts')],
    ['offline', new ApiError(0, 'Failed to fetch')],
    ['timeout', new ApiError(0, 'signal timed out', undefined, true, 'timeout')],
    [
      'shape',
      new ApiError(
        502,
        'There was a problem with your request. Please try again later.',
        undefined,
        false,
        'shape',
      ),
    ],
    ['a thrown TypeError', new TypeError('Failed to fetch')],
    ['a file refusal', new ApiError(400, 'The file is empty')],
  ]
  it.each(cases)('%s has a Finnish headline, the platform text only as a detail', (_, error) => {
    const text = describeError(finnish, error)
    expect(englishValues.has(text.headline) && !Object.values(fi).includes(text.headline)).toBe(false)
    expect(text.headline).not.toBe(describeError(english, error).headline)
    expect(text.headline).not.toMatch(/Internal Server Error|Bad Gateway|Failed to fetch|was not found/)
  })
  it('maps statuses to distinct messages', () => {
    const headline = (e: unknown) => describeError(english, e).headline
    expect(headline(new ApiError(403, 'Access denied.'))).toBe('Access denied.')
    expect(headline(new ApiError(500, 'x'))).toBe('The platform ran into an internal error.')
    expect(headline(new ApiError(0, 'Failed to fetch'))).toBe(
      'No connection to the platform. Check the network and try again.',
    )
    expect(headline(new ApiError(404, 'Task t1 was not found'))).toBe('Not found: it may have been removed.')
    expect(describeError(english, new ApiError(404, 'Task t1 was not found')).detail).toBe(
      'Task t1 was not found',
    )
  })
  it('translates a platform validation issue by field and rule', () => {
    const issue = { path: 'expirationDate', message: 'must be in the future' }
    expect(translateIssue(finnish, issue)).toBe('Vanhenemispäivä: on oltava tulevaisuudessa')
    expect(translateIssue(english, issue)).toBe('Expiration date: must be in the future')
    expect(translateIssue(finnish, { path: 'name', message: 'This field is required' })).toBe(
      'Nimi: Tämä kenttä on pakollinen',
    )
    const refused = new ApiError(400, 'expirationDate: must be in the future', undefined, false, 'status')
    const text = describeError(finnish, refused)
    expect(text.issues).toEqual(['Vanhenemispäivä: on oltava tulevaisuudessa'])
    expect(text.detail).toBe('expirationDate: must be in the future')
  })
})
