import { renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { keepUnsavedInput, letUnsavedInputGo, useUnsavedInput } from './unsaved'

afterEach(() => letUnsavedInputGo())

describe('keeping unsaved input before a reload', () => {
  it('is done when every form kept its input as a draft', async () => {
    const kept: string[] = []
    renderHook(() => useUnsavedInput(true, async () => void kept.push('a')))
    renderHook(() => useUnsavedInput(true, async () => void kept.push('b')))
    expect(await keepUnsavedInput()).toBe(true)
    expect(kept.sort()).toEqual(['a', 'b'])
  })

  it('is not done while a form cannot keep its input (a secret)', async () => {
    renderHook(() => useUnsavedInput(true, async () => undefined))
    renderHook(() => useUnsavedInput(true))
    expect(await keepUnsavedInput()).toBe(false)
  })

  it('is not done when keeping failed (storage full, or the drafts’ code not loaded)', async () => {
    renderHook(() => useUnsavedInput(true, async () => undefined))
    renderHook(() =>
      useUnsavedInput(true, () =>
        Promise.reject(new TypeError('error loading dynamically imported module: http://x/assets/db-1.js')),
      ),
    )
    expect(await keepUnsavedInput()).toBe(false)
  })

  it('is done at once when no form holds input', async () => {
    renderHook(() => useUnsavedInput(false, async () => undefined))
    expect(await keepUnsavedInput()).toBe(true)
  })
})
