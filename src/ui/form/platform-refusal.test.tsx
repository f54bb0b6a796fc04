import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../../outbox/db'
import { renderInConsole } from '../../test-render'
import { PlatformRefusal } from './platform-answer'

const refused = (more: Partial<OutboxEntry>) =>
  ({ id: 'e1', method: 'PUT', status: 'failed', lastError: 'Said by the platform', ...more }) as OutboxEntry

const said = () => screen.getByTestId('platform-refusal').textContent ?? ''

describe('what a refused save says above its form', () => {
  it('asks to correct the marked fields only when the platform named fields', () => {
    renderInConsole(
      <PlatformRefusal
        entry={refused({ lastStatus: 400, issues: [{ path: 'name', message: 'Required' }] })}
      />,
    )
    expect(said()).toContain('Correct the marked fields')
  })

  it('says a refusal that names no field without sending the user to look for one', () => {
    renderInConsole(<PlatformRefusal entry={refused({ lastStatus: 400 })} />, { locale: 'fi' })
    expect(said()).toContain('Alusta ei hyväksynyt muutosta.')
    expect(said()).not.toContain('Korjaa merkityt kentät')
  })

  it('says an entity gone (404) and a change refused as conflicting (409) by what they are', () => {
    const { rerender } = renderInConsole(<PlatformRefusal entry={refused({ lastStatus: 404 })} />)
    expect(said()).toContain('Not found: it may have been removed.')
    expect(said()).not.toContain('marked fields')
    rerender(<PlatformRefusal entry={refused({ lastStatus: 409 })} />)
    expect(said()).toContain('The change conflicts with another one. Try again.')
    expect(said()).not.toContain('marked fields')
  })

  it('keeps the platform own words as a folded detail', () => {
    renderInConsole(<PlatformRefusal entry={refused({ lastStatus: 404 })} />)
    expect(screen.getByTestId('platform-text').textContent).toBe('404: Said by the platform')
  })
})
