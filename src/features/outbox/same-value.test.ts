import { describe, expect, it } from 'vitest'
import { sameValue } from './same-value'

describe('sameValue', () => {
  it('compares objects by value, not by the order of their keys', () => {
    const mine = [{ actionId: 'http-get', name: 'Fetch', enabled: true, input: { url: 'https://a' } }]
    const theirs = [{ name: 'Fetch', input: { url: 'https://a' }, enabled: true, actionId: 'http-get' }]
    expect(JSON.stringify(mine)).not.toBe(JSON.stringify(theirs))
    expect(sameValue(mine, theirs)).toBe(true)
    expect(
      sameValue(
        [{ internal: true, sendOnError: true, detailLevel: 'simple' }],
        [{ detailLevel: 'simple', internal: true, sendOnError: true }],
      ),
    ).toBe(true)
  })
  it('takes a key holding undefined, or an empty text, as a key left out', () => {
    expect(sameValue({ a: 1, meta: undefined }, { a: 1 })).toBe(true)
    expect(sameValue('', undefined)).toBe(true)
    expect(sameValue({ description: '' }, {})).toBe(true)
    expect(sameValue({ input: {} }, {})).toBe(true)
    expect(sameValue({ notifications: [] }, {})).toBe(true)
  })
  it('still sees every real difference', () => {
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false)
    expect(sameValue([1, 2], [2, 1])).toBe(false)
    expect(sameValue({ a: { b: [1] } }, { a: { b: [1, 2] } })).toBe(false)
    expect(sameValue({ a: null }, {})).toBe(false)
    expect(sameValue([1], { 0: 1 })).toBe(false)
    expect(sameValue('1', 1)).toBe(false)
    expect(sameValue(0, '')).toBe(false)
  })
})
