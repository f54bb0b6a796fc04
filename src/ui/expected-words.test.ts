import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import en from '../../lang/en.json'
import fi from '../../lang/fi.json'
import { expectedWords } from './expected-words'

const english = createIntl({ locale: 'en', messages: en })
const finnish = createIntl({ locale: 'fi', messages: fi })

describe('what an unreadable field was expected to be, in the user language', () => {
  it('says the expected and the received kind of value, never the reader English words', () => {
    const said = 'Invalid input: expected object, received number'
    expect(expectedWords(english, said)).toBe('expected an object, got a number')
    expect(expectedWords(finnish, said)).toBe('odotettu: objekti, saatu: luku')
    expect(expectedWords(finnish, 'Invalid input: expected string, received undefined')).toBe(
      'odotettu: teksti, saatu: ei mitään',
    )
  })

  it('says a list expected, and any other refusal of the reader as a value not allowed', () => {
    expect(expectedWords(finnish, 'a list')).toBe('odotettu: lista')
    expect(expectedWords(finnish, 'Invalid input')).toBe('arvo ei kelpaa')
    expect(expectedWords(english, 'Invalid input')).toBe('value not allowed')
  })
})
