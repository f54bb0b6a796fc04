import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderInConsole } from '../../test-render'
import { useAppForm } from './fields'
import { MultiSelectField } from './multi-select-field'

const OPTIONS = [
  { value: 'f1', label: 'CSV' },
  { value: 'f2', label: 'JSON' },
]

function Harness({ allowCustom, onValues }: { allowCustom?: boolean; onValues: (v: string[]) => void }) {
  const form = useAppForm({ defaultValues: { formats: ['f1'] } })
  return (
    <form.AppField name="formats" listeners={{ onChange: ({ value }) => onValues(value) }}>
      {() => <MultiSelectField label="Formats" options={OPTIONS} allowCustom={allowCustom} />}
    </form.AppField>
  )
}

const setup = (allowCustom?: boolean) => {
  const seen: string[][] = []
  renderInConsole(<Harness allowCustom={allowCustom} onValues={(v) => seen.push(v)} />)
  return { seen, input: screen.getByRole('combobox', { name: 'Formats' }) }
}

describe('multi-select field', () => {
  it('shows chosen values by label, adds a typed option with Enter and removes one by its button', () => {
    const { seen, input } = setup()
    expect(screen.getByRole('list', { name: 'Formats' }).textContent).toContain('CSV')
    fireEvent.change(input, { target: { value: 'json' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(seen.at(-1)).toEqual(['f1', 'f2'])
    fireEvent.click(screen.getByRole('button', { name: 'Remove CSV' }))
    expect(seen.at(-1)).toEqual(['f2'])
  })

  it('refuses an unknown value unless free values are allowed', () => {
    const first = setup()
    fireEvent.change(first.input, { target: { value: 'YAML' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add to Formats' }))
    expect(first.seen).toEqual([])
    expect((first.input as HTMLInputElement).value).toBe('YAML')
    expect(screen.getByText('“YAML” is not one of the options.')).toBeTruthy()
    expect(first.input.getAttribute('aria-describedby')).toContain('-refused')
    fireEvent.change(first.input, { target: { value: 'YAM' } })
    expect(screen.queryByText(/is not one of the options/)).toBeNull()
  })

  it('adds what was typed when the box is left, so a tab change loses nothing', () => {
    const { seen, input } = setup()
    fireEvent.change(input, { target: { value: 'json' } })
    fireEvent.blur(input)
    expect(seen.at(-1)).toEqual(['f1', 'f2'])
    expect((input as HTMLInputElement).value).toBe('')
  })

  it('takes a free value when allowed', () => {
    const { seen, input } = setup(true)
    fireEvent.change(input, { target: { value: 'YAML' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add to Formats' }))
    expect(seen.at(-1)).toEqual(['f1', 'YAML'])
  })
})
