import { beforeEach, describe, expect, it } from 'vitest'
import { rememberSessionEnded, sessionEndedOn, takeReturnPath } from './return-to'

describe('return after a session ended', () => {
  beforeEach(() => sessionStorage.clear())

  it('returns once to the page the session ended on, then home', () => {
    rememberSessionEnded('/tasks?page=2')
    expect(sessionEndedOn()).toBe('/tasks?page=2')
    expect(takeReturnPath()).toBe('/tasks?page=2')
    expect(sessionEndedOn()).toBeNull()
    expect(takeReturnPath()).toBe('/')
  })

  it('never keeps the sign-in pages or another site as the page to return to', () => {
    rememberSessionEnded('/data-formats')
    rememberSessionEnded('/login')
    rememberSessionEnded('/redirect?code=x')
    rememberSessionEnded('//evil.example/')
    expect(takeReturnPath()).toBe('/data-formats')
    sessionStorage.setItem('orchestrator.sessionEnded', 'https://evil.example/')
    expect(takeReturnPath()).toBe('/')
  })
})
