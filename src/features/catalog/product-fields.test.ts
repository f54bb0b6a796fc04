import { describe, expect, it } from 'vitest'
import { PRODUCT_FIELD_NAMES, PRODUCT_FIELDS, productInputSchema } from '../../contract/product'
import { catalogFormSchema, toFormValues, toProductInput } from './catalog-form-schema'
import { tabOfField } from './catalog-tabs'

const valid = { ...toFormValues('dataproduct'), name: 'Harbour feed', productCode: 'HARBOUR_1' }
const refused = (values: unknown) => {
  const result = catalogFormSchema.safeParse(values)
  return result.success ? [] : result.error.issues.map((i) => String(i.path[0]))
}

describe('the product field table', () => {
  it('puts each field in the platform input, the form and its tab', () => {
    for (const name of PRODUCT_FIELD_NAMES) {
      expect(productInputSchema.shape, name).toHaveProperty(name)
      expect(valid, name).toHaveProperty(name)
      expect(tabOfField('dataproduct', name), name).toBe(PRODUCT_FIELDS[name].tab)
    }
  })

  it('starts a new form empty: a text blank, a flag off, a list empty', () => {
    const empty = toFormValues('transformer')
    expect(empty.imageUrl).toBe('')
    expect(empty.isExternal).toBe(false)
    expect(empty.industries).toEqual([])
    expect(toFormValues('dataproduct', { contactPersonEmail: 'a@b.fi', isOfficial: true })).toMatchObject({
      contactPersonEmail: 'a@b.fi',
      isOfficial: true,
    })
  })

  it('checks a field with the same rule in the form and on the platform', () => {
    expect(refused({ ...valid, imageUrl: 'not an address' })).toEqual(['imageUrl'])
    expect(refused({ ...valid, contactPersonEmail: 'nobody' })).toEqual(['contactPersonEmail'])
    const platform = (fields: object) =>
      productInputSchema.safeParse({ name: 'Harbour', productCode: 'H1', type: 'dataproduct', ...fields })
    expect(platform({ imageUrl: 'not an address' }).success).toBe(false)
    expect(platform({ contactPersonEmail: 'nobody' }).success).toBe(false)
    expect(platform({ imageUrl: 'https://example.org/a.png', isOfficial: true }).success).toBe(true)
    expect(
      toProductInput({ ...valid, imageUrl: 'https://example.org/a.png', isOfficial: true }),
    ).toMatchObject({
      imageUrl: 'https://example.org/a.png',
      isOfficial: true,
    })
  })
})
