import { describe, expect, it } from 'vitest'
import { claimChunkReload } from './chunk-recovery'

describe('chunk reload policy', () => {
  it('allows one reload per minute', () => {
    const storage = window.sessionStorage
    storage.clear()
    expect(claimChunkReload(1_000_000, storage)).toBe(true)
    expect(claimChunkReload(1_030_000, storage)).toBe(false)
    expect(claimChunkReload(1_059_999, storage)).toBe(false)
    expect(claimChunkReload(1_060_000, storage)).toBe(true)
  })
})
