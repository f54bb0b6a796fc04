import { onlineManager } from '@tanstack/react-query'
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderInConsole } from '../test-render'
import { OnlineOnlyButton } from './online-only-button'

const renderButton = () => renderInConsole(<OnlineOnlyButton>Run now</OnlineOnlyButton>)

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
