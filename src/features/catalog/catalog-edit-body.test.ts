import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Product } from '../../api/catalog'
import { PRODUCT_TYPES } from '../../contract/product'
import { productEditBody, toFormValues } from './catalog-form-schema'

/** Texts a platform may hold; some break the console's own rules (a code with a hyphen). */
const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('prd-0001', ' padded ', ''))
const named = fc.oneof(
  fc.string({ minLength: 1, maxLength: 10 }),
  fc.record({ name: fc.string({ minLength: 1, maxLength: 10 }), value: fc.string({ maxLength: 5 }) }),
)
/** Fields the console does not know. */
const extras = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).map((k) => `x_${k}`),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
)

/** A catalog item as any platform might send it: every optional field present or absent, and extras. */
const product = fc
  .record(
    {
      id: fc.string({ minLength: 1, maxLength: 12 }),
      type: fc.constantFrom(...PRODUCT_TYPES),
      name: text,
      productCode: text,
      description: text,
      status: fc.constantFrom('draft', 'published', 'archived'),
      publisherOrganizationId: text,
      imageUrl: fc.constantFrom('https://img.example.com/a.png', 'not a url'),
      qualityAttributes: fc.array(named, { maxLength: 3 }),
      industries: fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
      visibility: fc.record({
        type: fc.constantFrom('public', 'private', 'organizations'),
        visibleTo: fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 }),
      }),
      accessPoint: text,
      inputFormats: fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
      outputFormat: text,
      isExternal: fc.boolean(),
      harmonizedData: fc.boolean(),
      parameterContext: fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), {
        maxKeys: 2,
      }),
      parameterOptions: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }),
      connectorInfo: fc.jsonValue({ maxDepth: 2 }),
      connectorParameterMap: fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), {
        maxKeys: 2,
      }),
      transformationMap: fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), {
        maxKeys: 2,
      }),
      schemaVersion: text,
      updatedAt: fc.oneof(fc.constant('2026-01-01T00:00:00Z'), fc.integer({ min: 1, max: 2e9 })),
    },
    { requiredKeys: ['id', 'type'] },
  )
  .chain((p) => extras.map((x) => ({ ...x, ...p }) as unknown as Product))

describe('a catalog edit sends exactly what the user changed', () => {
  it('load, leave alone, save: nothing is sent', () => {
    fc.assert(
      fc.property(product, (p) => {
        expect(productEditBody(p.type, p, toFormValues(p.type, p))).toEqual({})
      }),
    )
  })

  it('load, change the description: only the description is sent', () => {
    fc.assert(
      fc.property(product, fc.string({ minLength: 1, maxLength: 30 }), (p, description) => {
        const values = toFormValues(p.type, p)
        fc.pre(values.description !== description)
        expect(productEditBody(p.type, p, { ...values, description })).toEqual({ description })
      }),
    )
  })

  it('load, change the name: only the name is sent, a hyphenated code stays unsent', () => {
    fc.assert(
      fc.property(product, (p) => {
        const values = toFormValues(p.type, p)
        fc.pre(values.name !== 'Harbour feed')
        expect(productEditBody(p.type, p, { ...values, name: 'Harbour feed' })).toEqual({
          name: 'Harbour feed',
        })
      }),
    )
  })

  it('load, add a quality attribute: only the quality attributes are sent, those given kept as given', () => {
    fc.assert(
      fc.property(product, (p) => {
        const values = toFormValues(p.type, p)
        const given = (p.qualityAttributes ?? []) as unknown[]
        const qualityAttributes = [...values.qualityAttributes, 'Timeliness']
        // Objects stay objects (a value kept), and the new one takes their form.
        const added = given.some((q) => typeof q === 'object') ? { name: 'Timeliness' } : 'Timeliness'
        expect(productEditBody(p.type, p, { ...values, qualityAttributes })).toEqual({
          qualityAttributes: [...given, added],
        })
      }),
    )
  })

  it('an attribute typed as "name: value" beside attributes with values is sent as one of them', () => {
    const p = {
      id: 'prd-0001',
      type: 'dataproduct',
      name: 'Feed',
      qualityAttributes: [{ name: 'accuracy', value: 'high', x_source: 'audit' }],
    } as unknown as Product
    const values = toFormValues('dataproduct', p)
    expect(values.qualityAttributes).toEqual(['accuracy: high'])
    expect(
      productEditBody('dataproduct', p, { ...values, qualityAttributes: ['accuracy: high', 'latency: 5 s'] }),
    ).toEqual({
      qualityAttributes: [
        { name: 'accuracy', value: 'high', x_source: 'audit' },
        { name: 'latency', value: '5 s' },
      ],
    })
  })

  it('a description-only edit never sends quality attributes, nor turns absent fields into "" or []', () => {
    const p = {
      id: 'prd-0001',
      type: 'dataproduct',
      name: 'Feed',
      productCode: 'prd-0001',
      qualityAttributes: [{ name: 'accuracy', value: 'high' }],
    } as unknown as Product
    const body = productEditBody('dataproduct', p, { ...toFormValues('dataproduct', p), description: 'New' })
    expect(body).toEqual({ description: 'New' })
  })
})
