import { describe, expect, it } from 'vitest'
import { entityLink, eventQueryParams, flattenEvents, type PlatformEvent } from './events'
import { rangeQuery } from './monitoring'

const event = (fields: Partial<PlatformEvent>): PlatformEvent => ({
  id: 'e',
  timestamp: '2026-11-23T00:00:00Z',
  type: 'T',
  status: 'success',
  ...fields,
})

describe('events api', () => {
  it('links each target type to its screen, and a contract to its product', () => {
    expect(entityLink(event({ targetType: 'product', targetEntityId: 'p' }))).toEqual({
      to: '/products/$id',
      id: 'p',
    })
    expect(entityLink(event({ targetType: 'task', targetEntityId: 't' }))).toEqual({
      to: '/tasks/$id',
      id: 't',
    })
    expect(entityLink(event({ targetType: 'data-format', targetEntityId: 'd' }))).toEqual({
      to: '/data-formats/{-$id}/edit',
      id: 'd',
    })
    expect(entityLink(event({ targetType: 'contract', targetEntityId: 'c', productId: 'p' }))).toEqual({
      to: '/products/$id',
      id: 'p',
    })
    expect(entityLink(event({ targetType: 'token', targetEntityId: 'x' }))).toBeUndefined()
    expect(entityLink(event({ targetType: 'task' }))).toBeUndefined()
  })

  it('sends the error filter instead of a status, and drops an event seen twice', () => {
    expect(eventQueryParams({ status: 'success', error: true })).toMatchObject({
      status: undefined,
      error: 'true',
    })
    const a = event({ id: 'a' })
    const b = event({ id: 'b' })
    expect(
      flattenEvents([
        { items: [a, b], totalCount: 3 },
        { items: [b], totalCount: 3 },
      ]),
    ).toEqual([a, b])
  })

  it('asks hours for the short monitoring ranges and days for the others', () => {
    expect(rangeQuery('24h')).toEqual({ hours: 24 })
    expect(rangeQuery('48h')).toEqual({ hours: 48 })
    expect(rangeQuery('7d')).toEqual({ days: 7 })
    expect(rangeQuery('60d')).toEqual({ days: 60 })
  })
})
