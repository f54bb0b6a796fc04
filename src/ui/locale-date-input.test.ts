import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import en from '../../lang/en.json'
import fi from '../../lang/fi.json'
import { dateHint, formatIsoDate, parseLocaleDate } from './locale-date-input'

describe('dates in the chosen language', () => {
  it('writes and reads a date in Finnish order, whatever the browser', () => {
    expect(formatIsoDate('fi', '2026-11-05')).toBe('5.11.2026')
    expect(parseLocaleDate('fi', '5.11.2026')).toBe('2026-11-05')
    expect(parseLocaleDate('fi', '05.11.2026')).toBe('2026-11-05')
    expect(parseLocaleDate('fi', '5.11.20')).toBeUndefined()
    expect(dateHint(createIntl({ locale: 'fi', messages: fi }))).toBe('pp.kk.vvvv')
  })
  it('writes and reads a date in English order', () => {
    expect(formatIsoDate('en', '2026-11-05')).toBe('11/5/2026')
    expect(parseLocaleDate('en', '11/5/2026')).toBe('2026-11-05')
    expect(dateHint(createIntl({ locale: 'en', messages: en }))).toBe('mm/dd/yyyy')
  })
  it('takes ISO dates and refuses what is no date', () => {
    expect(parseLocaleDate('fi', '2026-01-10')).toBe('2026-01-10')
    expect(parseLocaleDate('fi', '31.2.2026')).toBeUndefined()
    expect(parseLocaleDate('fi', '12.2026')).toBeUndefined()
    expect(parseLocaleDate('en', 'tomorrow')).toBeUndefined()
  })
})
