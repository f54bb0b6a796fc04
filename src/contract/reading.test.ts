import { describe, expect, it } from 'vitest'
import {
  drawable,
  findDataFormat,
  readEnvironment,
  readList,
  readName,
  readNames,
  readPage,
  readStatsRow,
  readTime,
  readTotal,
} from './reading'

describe('reading what the SPEC leaves open', () => {
  it('a list as an array, itemList or result.itemList; anything else is no list', () => {
    expect(readList([1])).toEqual([1])
    expect(readList({ itemList: [1] })).toEqual([1])
    expect(readList({ result: { itemList: [1] } })).toEqual([1])
    expect(readList({ itemList: 7 })).toBeUndefined()
    expect(readList('x')).toBeUndefined()
  })
  it('a total wherever it was put, or none', () => {
    expect(readTotal({ pagination: { totalCount: 3 } })).toBe(3)
    expect(readTotal({ result: { pagination: { totalCount: 4 } } })).toBe(4)
    expect(readTotal({ pagination: { currentPage: 1, limit: 10 } })).toBeUndefined()
    expect(readTotal({ pagination: { totalCount: -1 } })).toBeUndefined()
  })
  it('without a total, a full page means there may be more', () => {
    expect(readPage(10, undefined, { offset: 20, limit: 10 })).toEqual({ totalCount: 30, more: true })
    expect(readPage(4, undefined, { offset: 20, limit: 10 })).toEqual({ totalCount: 24, more: false })
    expect(readPage(0, undefined, { offset: 20, limit: 10 })).toEqual({ totalCount: 20, more: false })
    expect(readPage(4, 99, { offset: 20, limit: 10 })).toEqual({ totalCount: 99 })
  })
  it('times as ISO texts or epoch seconds or milliseconds', () => {
    expect(readTime('2026-01-01T00:00:00Z')).toBe('2026-01-01T00:00:00Z')
    expect(readTime(1767225600)).toBe('2026-01-01T00:00:00.000Z')
    expect(readTime(1767225600000)).toBe('2026-01-01T00:00:00.000Z')
    expect(readTime('1767225600')).toBe('2026-01-01T00:00:00.000Z')
    expect(readTime('soon')).toBeUndefined()
    expect(readTime(Number.NaN)).toBeUndefined()
  })
  it('named things as texts or objects, never [object Object]', () => {
    expect(readName('accuracy')).toBe('accuracy')
    expect(readName({ name: 'accuracy', value: 'high' })).toBe('accuracy: high')
    expect(readName({ id: 'qa-1', title: 'Timeliness' })).toBe('Timeliness')
    expect(readName({ weird: 1 })).toBe('{"weird":1}')
    expect(readNames(['a', { name: 'b' }, null])).toEqual(['a', 'b'])
    expect(readNames(undefined)).toEqual([])
  })
  it('a data format referenced by id or by code', () => {
    const formats = [{ id: 'df-1', dataFormatCode: 'CSV' }]
    expect(findDataFormat(formats, 'df-1')).toBe(formats[0])
    expect(findDataFormat(formats, 'CSV')).toBe(formats[0])
    expect(findDataFormat(formats, 'XML')).toBeUndefined()
  })
  it('environment variables under the name the platform used', () => {
    expect(readEnvironment({ environmentVariables: { A: '1' } })).toEqual({
      name: 'environmentVariables',
      value: { A: '1' },
    })
    expect(readEnvironment({})).toEqual({ name: 'environment', value: undefined })
  })
  it('stats rows without day or hour, or without counts, cannot be drawn', () => {
    expect(readStatsRow({ day: '2026-01-01', count: 3, errors: 1 })).toMatchObject({ count: 3, errors: 1 })
    expect(readStatsRow({ hour: '2026-01-01T05:00Z', count: '3' })).toMatchObject({ count: 3 })
    expect(readStatsRow({ timestamp: 1767225600 }).at).toBe('2026-01-01T00:00:00.000Z')
    expect(drawable([{ day: '2026-01-01', count: 1 }])).toBe(true)
    expect(drawable([{ count: 1, errors: 0 }])).toBe(false)
    expect(drawable([{ day: '2026-01-01' }])).toBe(false)
  })
})
