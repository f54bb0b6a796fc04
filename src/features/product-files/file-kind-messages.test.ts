import { describe, expect, it } from 'vitest'
import { formatSize } from './file-kind-messages'

describe('formatSize', () => {
  it('says the units in the chosen language', () => {
    expect(formatSize(3 * 1024 * 1024, 'fi')).toBe('3 Mt')
    expect(formatSize(2.5 * 1024, 'fi')).toBe('2,5 kt')
    expect(formatSize(500, 'fi')).toBe('500 tavua')
    expect(formatSize(3 * 1024 * 1024, 'en')).toBe('3 MB')
    expect(formatSize(2.5 * 1024, 'en')).toBe('2.5 kB')
    expect(formatSize(500, 'en')).toBe('500 bytes')
  })
})
