import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { DataFormat } from '../../api/data-formats'
import { dataFormatEditBody, toDataFormatValues } from './data-format-schema'

const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('df-0001', ' padded ', ''))
const extras = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).map((k) => `x_${k}`),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
)
const STAMPS = ['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']

/** A data format as any platform might send it: optional fields absent or present, and extras. */
const format = fc
  .record(
    {
      id: fc.string({ minLength: 1, maxLength: 12 }),
      dataFormatCode: text,
      name: text,
      description: text,
      type: fc.constantFrom('json', 'xml', 'custom-type'),
      ontologyContext: fc.constantFrom('https://schema.example.org/x', 'urn:x'),
      createdAt: fc.integer({ min: 1, max: 2e9 }),
      updatedAt: fc.constant('2026-01-01T00:00:00Z'),
    },
    { requiredKeys: ['id'] },
  )
  .chain((f) => extras.map((x) => ({ ...x, ...f }) as unknown as DataFormat))

const received = (f: DataFormat) => Object.fromEntries(Object.entries(f).filter(([k]) => !STAMPS.includes(k)))

describe('a data format edit sends back what it received, with only the change laid over', () => {
  it('left alone: everything received goes back as it came, nothing added', () => {
    fc.assert(
      fc.property(format, (f) => {
        expect(dataFormatEditBody(f, toDataFormatValues(f))).toEqual(received(f))
      }),
    )
  })
  it('one field changed: that field, and everything else as received', () => {
    fc.assert(
      fc.property(
        format,
        fc.constantFrom('name', 'description', 'type') as fc.Arbitrary<'name' | 'description' | 'type'>,
        fc.string({ minLength: 2, maxLength: 20 }).filter((s) => s.trim() === s && s !== ''),
        (f, field, value) => {
          const values = toDataFormatValues(f)
          fc.pre(values[field].trim() !== value)
          expect(dataFormatEditBody(f, { ...values, [field]: value })).toEqual({
            ...received(f),
            [field]: value,
          })
        },
      ),
    )
  })
})
