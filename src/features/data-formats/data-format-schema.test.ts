import { describe, expect, it } from 'vitest'
import { dataFormatFormSchema, emptyDataFormat } from './data-format-schema'

const messages = (values: Partial<typeof emptyDataFormat>) => {
  const result = dataFormatFormSchema.safeParse({ ...emptyDataFormat, ...values })
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('data format form schema', () => {
  it('accepts a complete format', () => {
    expect(
      messages({ dataFormatCode: 'JSON_LD_2', name: 'JSON-LD', ontologyContext: 'https://schema.org/x' }),
    ).toEqual({})
  })
  it('requires code and name', () => {
    expect(messages({})).toMatchObject({
      dataFormatCode: 'This field is required',
      name: 'This field is required',
    })
  })
  it('refuses a code with other than word characters', () => {
    expect(messages({ dataFormatCode: 'a-b', name: 'ok' }).dataFormatCode).toBe(
      'Only alphanumeric characters are allowed',
    )
  })
  it('refuses a one-letter name as too short', () => {
    expect(messages({ dataFormatCode: 'a', name: 'x' }).name).toBe('Too short')
  })
  it('takes only http(s) addresses with a dotted host as ontology context', () => {
    expect(
      messages({ dataFormatCode: 'a', name: 'ok', ontologyContext: 'ftp://schema.org' }).ontologyContext,
    ).toBe('Please provide a valid URL')
    expect(
      messages({ dataFormatCode: 'a', name: 'ok', ontologyContext: 'http://localhost' }).ontologyContext,
    ).toBe('Please provide a valid URL')
    expect(messages({ dataFormatCode: 'a', name: 'ok', ontologyContext: 'http://example.com' })).toEqual({})
  })
})
