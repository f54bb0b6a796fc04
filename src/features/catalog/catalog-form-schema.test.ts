import { describe, expect, it } from 'vitest'
import { catalogFormSchema, JSON_LIST_WANTED, toFormValues, toProductInput } from './catalog-form-schema'

const valid = { ...toFormValues('dataproduct'), name: 'Harbour feed', productCode: 'HARBOUR_1' }
const messages = (values: unknown) => {
  const result = catalogFormSchema.safeParse(values)
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]))
}

describe('catalog form', () => {
  it('flattens visibility into visibilityType and selectedVisibilityTo and back on save', () => {
    const values = toFormValues('datasource', {
      id: 'x',
      type: 'datasource',
      name: 'Source',
      productCode: 'SRC',
      visibility: { type: 'organizations', visibleTo: ['org-1', 'org-2'] },
    })
    expect(values.visibilityType).toBe('organizations')
    expect(values.selectedVisibilityTo).toEqual(['org-1', 'org-2'])
    const input = toProductInput(values)
    expect(input.visibility).toEqual({ type: 'organizations', visibleTo: ['org-1', 'org-2'] })
    expect(input).not.toHaveProperty('visibilityType')
    expect(input).not.toHaveProperty('selectedVisibilityTo')
    expect(toProductInput({ ...values, visibilityType: 'public' }).visibility).toEqual({
      type: 'public',
      visibleTo: [],
    })
  })

  it('sends JSON texts as values and leaves blank ones out', () => {
    const input = toProductInput({
      ...valid,
      connectorParameterMap: '{"host": "a"}',
      actions: '[{"name": "fetch"}]',
      parameterContext: '',
    })
    expect(input.connectorParameterMap).toEqual({ host: 'a' })
    expect(input.actions).toEqual([{ name: 'fetch' }])
    expect(input).not.toHaveProperty('parameterContext')
    expect(input).not.toHaveProperty('publisherOrganizationId')
  })

  it('sends an emptied JSON field as empty on an edit, so the update clears it', () => {
    const current = {
      id: 'x',
      type: 'connector' as const,
      name: 'Conn',
      productCode: 'C',
      connectorParameterMap: { a: 1 },
    }
    const input = toProductInput(
      { ...toFormValues('connector', current), connectorParameterMap: '' },
      current,
    )
    expect(input.connectorParameterMap).toEqual({})
    expect(input).not.toHaveProperty('transformationMap')
  })

  it('refuses with each rule’s own message', () => {
    expect(messages(valid)).toEqual({})
    expect(
      messages({
        ...valid,
        productCode: 'bad code',
        contactPersonEmail: 'nope',
        imageUrl: 'example.com',
        connectorParameterMap: '[1]',
        parameterContext: '{oops',
        visibilityType: 'organizations',
      }),
    ).toEqual({
      productCode: 'Only alphanumeric characters are allowed',
      contactPersonEmail: 'Email invalid',
      imageUrl: 'Please provide a valid URL',
      connectorParameterMap: 'Please enter a valid object',
      parameterContext: 'Not valid JSON!',
      selectedVisibilityTo: 'Please select group from the dropdown',
    })
    expect(messages({ ...valid, name: ' ' })).toEqual({ name: 'This field is required' })
    expect(messages({ ...valid, name: 'A' })).toEqual({ name: 'Too short' })
    expect(messages({ ...valid, visibilityType: 'everyone' })).toEqual({
      visibilityType: 'Please select item from the dropdown',
    })
  })
})

describe('catalog form inputs', () => {
  it('says a list is wanted for valid JSON of another shape, and "Not valid JSON!" for broken JSON', () => {
    expect(messages({ ...valid, actions: '{"a":1}' })).toEqual({ actions: JSON_LIST_WANTED })
    expect(messages({ ...valid, parameterOptions: '1' })).toEqual({ parameterOptions: JSON_LIST_WANTED })
    expect(messages({ ...valid, actions: '{"a":' })).toEqual({ actions: 'Not valid JSON!' })
    expect(messages({ ...valid, actions: '[{"name":"get"}]' })).toEqual({})
  })

  it('refuses a blank status', () => {
    expect(messages({ ...valid, status: '' })).toEqual({ status: 'This field is required' })
    expect(messages({ ...valid, status: 'published' })).toEqual({})
  })
})
