import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from './http'
import { retryRead } from './query-client'

const noAnswer = new TypeError('Failed to fetch')

describe('retryRead', () => {
  afterEach(() => onlineManager.setOnline(true))

  it('asks again up to three times when a read got no answer online', () => {
    onlineManager.setOnline(true)
    expect([0, 1, 2, 3].map((n) => retryRead(n, noAnswer))).toEqual([true, true, true, false])
  })

  it('asks a refused read once more', () => {
    const refused = new ApiError(500, 'Internal Server Error')
    expect([0, 1].map((n) => retryRead(n, refused))).toEqual([true, false])
  })

  it('never asks again offline, so the screen says its data is not here instead of loading for good', () => {
    onlineManager.setOnline(false)
    expect(retryRead(0, noAnswer)).toBe(false)
  })
})
