import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loadCatalog } from '../../i18n/i18n-provider'
import { renderInConsole } from '../../test-render'
import { useAppForm } from './fields'
import { SecretField } from './secret-field'

function Harness({ isSet, onValue }: { isSet: boolean; onValue: (v: string) => void }) {
  const form = useAppForm({ defaultValues: { clientSecret: '' } })
  return (
    <form.AppField name="clientSecret" listeners={{ onChange: ({ value }) => onValue(value) }}>
      {() => <SecretField label="Client secret" isSet={isSet} />}
    </form.AppField>
  )
}

const setup = (isSet: boolean, locale: 'en' | 'fi' = 'en') => {
  const seen: string[] = []
  renderInConsole(<Harness isSet={isSet} onValue={(v) => seen.push(v)} />, { locale })
  return seen
}

describe('secret field', () => {
  it('a set secret says "Set" with Replace, no field; Replace opens an empty one, Keep current closes it', () => {
    const seen = setup(true)
    const group = screen.getByRole('group', { name: 'Client secret' })
    expect(group.textContent).toContain('Set')
    expect(screen.queryByLabelText('Client secret')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Replace Client secret' }))
    const input = screen.getByLabelText('Client secret') as HTMLInputElement
    expect(input.value).toBe('')
    expect(input.type).toBe('password')
    fireEvent.change(input, { target: { value: 'new-value' } })
    expect(seen.at(-1)).toBe('new-value')
    fireEvent.click(screen.getByRole('button', { name: 'Keep current' }))
    expect(seen.at(-1)).toBe('')
    expect(screen.getByRole('button', { name: 'Replace Client secret' })).toBeTruthy()
  })

  it('a secret not set is a plain masked field', () => {
    setup(false)
    expect(screen.queryByRole('button', { name: 'Replace Client secret' })).toBeNull()
    expect((screen.getByLabelText('Client secret') as HTMLInputElement).type).toBe('password')
  })

  it('says it in Finnish', async () => {
    await loadCatalog('fi')
    setup(true, 'fi')
    expect(screen.getByRole('group', { name: 'Client secret' }).textContent).toContain('Asetettu')
    expect(screen.getByRole('button', { name: 'Vaihda Client secret' })).toBeTruthy()
  })
})
