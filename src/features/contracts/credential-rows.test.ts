import { describe, expect, it } from 'vitest'
import { credentialProblems, DUPLICATE_NAME, emptyValues, toCredentials } from './credential-rows'

const row = (key: string, name: string, value: string) => ({ key, name, value })

describe('credential rows', () => {
  it('ignores empty rows, needs a name for a value and refuses a repeated name', () => {
    expect(credentialProblems([row('a', '', ''), row('b', 'user', 'x')])).toEqual({})
    expect(credentialProblems([row('a', ' ', 'secret')])).toEqual({ a: 'This field is required' })
    expect(credentialProblems([row('a', 'user', '1'), row('b', 'user ', '2')])).toEqual({ b: DUPLICATE_NAME })
  })

  it('sends names (trimmed) to values, without empty rows', () => {
    expect(toCredentials([row('a', ' user ', 'me'), row('b', '', ''), row('c', 'pass', '')])).toEqual({
      user: 'me',
      pass: '',
    })
  })
})

describe('empty credential values', () => {
  it('marks a named row without a value, not an empty row', () => {
    expect([...emptyValues([row('a', 'user', ' '), row('b', '', ''), row('c', 'pass', 'x')])]).toEqual(['a'])
  })
})
