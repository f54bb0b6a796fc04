import { describe, expect, it } from 'vitest'
import { parseJsonObject } from './json-object'

describe('parseJsonObject', () => {
  it('accepts objects, nested or empty, and an empty editor as {}', () => {
    expect(parseJsonObject('{"a": {"b": [1, 2]}}')).toEqual({ ok: true, value: { a: { b: [1, 2] } } })
    expect(parseJsonObject('{}')).toEqual({ ok: true, value: {} })
    expect(parseJsonObject('  \n')).toEqual({ ok: true, value: {} })
  })

  it('refuses arrays, null, scalars and broken JSON with "Please enter a valid object"', () => {
    for (const text of ['[]', '[{"a":1}]', 'null', '1', '"text"', 'true', '{a: 1}', '{"a":', 'hello']) {
      expect(parseJsonObject(text)).toEqual({ ok: false, message: 'Please enter a valid object' })
    }
  })
})
