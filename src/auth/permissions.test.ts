import { describe, expect, it } from 'vitest'
import type { Permission } from '../contract/user'
import { hasPermission } from './permissions'

const app = 'orchestrator-app-id'
const ctx = (permissions: Permission[], orchestratorAuth = '1') => ({
  permissions,
  orchestratorAuth,
  orchestratorAppId: app,
})

describe('permission check: type.action, entity id and application must match', () => {
  it('passes everything when orchestrator auth is off', () => {
    expect(hasPermission(ctx([], '0'), { type: 'products', actions: 'delete' })).toBe(true)
    expect(
      hasPermission(
        { permissions: [], orchestratorAuth: undefined, orchestratorAppId: app },
        { type: 'products', actions: 'delete' },
      ),
    ).toBe(true)
  })
  it('refuses without a matching permission when on', () => {
    expect(hasPermission(ctx([]), { type: 'products', actions: 'delete' })).toBe(false)
    expect(hasPermission(ctx([{ name: 'products.read' }]), { type: 'products', actions: 'delete' })).toBe(
      false,
    )
  })
  it('matches type.action lowercased', () => {
    expect(hasPermission(ctx([{ name: 'products.update' }]), { type: 'Products', actions: 'UPDATE' })).toBe(
      true,
    )
  })
  it('passes when any of several actions matches', () => {
    expect(
      hasPermission(ctx([{ name: 'tasks.execute' }]), { type: 'tasks', actions: ['update', 'execute'] }),
    ).toBe(true)
  })
  it('matches the same entity id, or a permission without one', () => {
    const scoped = ctx([{ name: 'tasks.update', entityId: 't1' }])
    expect(hasPermission(scoped, { type: 'tasks', actions: 'update', entityIds: 't1' })).toBe(true)
    expect(hasPermission(scoped, { type: 'tasks', actions: 'update', entityIds: ['t9', 't1'] })).toBe(true)
    expect(hasPermission(scoped, { type: 'tasks', actions: 'update', entityIds: 't2' })).toBe(false)
    expect(hasPermission(scoped, { type: 'tasks', actions: 'update' })).toBe(false)
    expect(
      hasPermission(ctx([{ name: 'tasks.update', entityId: null }]), {
        type: 'tasks',
        actions: 'update',
        entityIds: 't2',
      }),
    ).toBe(true)
  })
  it('defaults the application to the orchestrator application', () => {
    const other = ctx([{ name: 'products.read', applicationId: 'other-app' }])
    expect(hasPermission(other, { type: 'products', actions: 'read' })).toBe(false)
    expect(hasPermission(other, { type: 'products', actions: 'read', applicationId: 'other-app' })).toBe(true)
    expect(
      hasPermission(ctx([{ name: 'products.read', applicationId: app }]), {
        type: 'products',
        actions: 'read',
      }),
    ).toBe(true)
  })
})
