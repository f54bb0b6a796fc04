import { describe, expect, it } from 'vitest'
import { credentialProblems, DUPLICATE_NAME, toCredentials, valueProblems } from './credential-rows'

const row = (key: string, name: string, value: string) => ({ key, name, value })

describe('credential rows', () => {
  it('ignores empty rows, needs a name for a value and refuses a repeated name', () => {
    expect(credentialProblems([row('a', '', ''), row('b', 'user', 'x')])).toEqual({})
    expect(credentialProblems([row('a', ' ', 'secret')])).toEqual({ a: 'This field is required' })
    expect(credentialProblems([row('a', 'user', '1'), row('b', 'user ', '2')])).toEqual({ b: DUPLICATE_NAME })
  })

  it('refuses a name longer than the platform takes, before anything is sent', () => {
    expect(credentialProblems([row('a', 'n'.repeat(200), 'x')])).toEqual({})
    expect(credentialProblems([row('a', 'n'.repeat(201), 'x')])).toEqual({ a: 'Too long' })
  })

  it('sends names (trimmed) to values, without empty rows', () => {
    expect(toCredentials([row('a', ' user ', 'me'), row('b', '', ''), row('c', 'pass', '')])).toEqual({
      user: 'me',
      pass: '',
    })
  })
})

describe('credential values that cannot be saved', () => {
  it('marks a named row without a value, not an empty row', () => {
    expect([...valueProblems([row('a', 'user', ' '), row('b', '', ''), row('c', 'pass', 'x')])]).toEqual([
      ['a', 'This field is required'],
    ])
  })

  it('marks a value longer than the platform takes', () => {
    expect([
      ...valueProblems([row('a', 'user', 'v'.repeat(4000)), row('b', 'pass', 'v'.repeat(4001))]),
    ]).toEqual([['b', 'Too long']])
  })
})
