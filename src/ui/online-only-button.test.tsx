import { onlineManager } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { IntlProvider } from 'react-intl'
import { afterEach, describe, expect, it } from 'vitest'
import { messagesFor } from '../i18n/i18n-provider'
import { OnlineOnlyButton } from './online-only-button'

const renderButton = () =>
  render(
    <IntlProvider locale="en" messages={messagesFor('en')}>
      <OnlineOnlyButton>Run now</OnlineOnlyButton>
    </IntlProvider>,
  )

afterEach(() => act(() => onlineManager.setOnline(true)))

describe('online-only actions', () => {
  it('are enabled online', () => {
    act(() => onlineManager.setOnline(true))
    renderButton()
    expect(screen.getByRole('button', { name: 'Run now' }).hasAttribute('disabled')).toBe(false)
  })
  it('are disabled offline with the reason shown', () => {
    act(() => onlineManager.setOnline(false))
    renderButton()
    const button = screen.getByRole('button', { name: 'Run now' })
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(screen.getByText('Needs a connection: this cannot wait in the queue.').id).toBe(
      button.getAttribute('aria-describedby'),
    )
  })
})
