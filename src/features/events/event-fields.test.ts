import { describe, expect, it } from 'vitest'
import type { PlatformEvent } from '../../api/events'
import { eventLinks } from './event-fields'

const event = (fields: Partial<PlatformEvent>) => ({ id: 'e1', type: 'x', ...fields }) as PlatformEvent
const targets = (e: PlatformEvent) => eventLinks(e).map((l) => `${l.to} ${l.id} ${l.label.defaultMessage}`)

describe('event links', () => {
  it('a task event whose target is its task leads to the task once', () => {
    expect(targets(event({ targetType: 'task', targetEntityId: 't1', taskId: 't1' }))).toEqual([
      '/tasks/$id t1 Go to task',
    ])
  })
  it('a contract event leads to its product once, named as the contract', () => {
    expect(
      targets(event({ targetType: 'contract', targetEntityId: 'c1', contractId: 'c1', productId: 'p1' })),
    ).toEqual(['/products/$id p1 Go to contract'])
  })
  it('different targets each get a link', () => {
    expect(targets(event({ targetType: 'product', targetEntityId: 'p2', taskId: 't1' }))).toEqual([
      '/tasks/$id t1 Go to task',
      '/products/$id p2 Go to entity',
    ])
  })
})
