import { render, screen } from '@testing-library/react'
import { IntlProvider } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { ChangedOnPlatform, useChangedOnPlatform } from './changed-on-platform'

interface T {
  id: string
  updatedAt: string
  name: string
  description?: string
  status?: string
  stateUpdatedAt?: string
}

function Form({ current }: { current: T }) {
  // The form shows name and description; status is run state, not shown.
  const fields = useChangedOnPlatform(current, (t) => ({ name: t.name, description: t.description }))
  return <ChangedOnPlatform fields={fields} />
}

const wrap = (current: T) => (
  <IntlProvider locale="en">
    <Form current={current} />
  </IntlProvider>
)

describe('useChangedOnPlatform', () => {
  const opened: T = { id: '1', updatedAt: 'a', name: 'N', description: 'D', status: 'stopped' }

  it('says nothing until the entity changes on the platform', () => {
    render(wrap(opened))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('names the fields the form shows that changed since it opened', () => {
    const { rerender } = render(wrap(opened))
    rerender(wrap({ ...opened, updatedAt: 'b', description: 'New', status: 'running', stateUpdatedAt: 'x' }))
    expect(screen.getByRole('status').textContent).toContain(
      'changed on the platform while you were editing it: description.',
    )
  })

  it('a change of run state alone names nothing', () => {
    const { rerender } = render(wrap(opened))
    rerender(wrap({ ...opened, updatedAt: 'b', status: 'running' }))
    expect(screen.queryByRole('status')).toBeNull()
  })
})
