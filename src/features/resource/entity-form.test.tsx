import { useStore } from '@tanstack/react-form'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderInConsole } from '../../test-render'
import { onSave, useAppForm } from '../../ui/form/fields'
import { closeSaved } from './entity-form'

const EMPTY = { name: '' }

/** A create form (empty defaults) whose save is taken at once, closed as every entity form closes. */
function CreateForm({ release }: { release: () => void }) {
  const form = useAppForm({
    defaultValues: EMPTY,
    onSubmit: async ({ value, formApi }) => closeSaved('draft-key', formApi, value, { release }),
  })
  const dirty = useStore(form.store, (s) => s.isDirty)
  return (
    <form noValidate onSubmit={onSave(form)}>
      <form.AppField name="name">{(field) => <field.TextField label="Name" />}</form.AppField>
      <form.AppForm>
        <form.SubmitButton>Save</form.SubmitButton>
      </form.AppForm>
      <p data-testid="dirty">{dirty ? 'dirty' : 'clean'}</p>
    </form>
  )
}

describe('closeSaved', () => {
  it('leaves the form clean, still showing what was saved until the next screen replaces it', async () => {
    const release = vi.fn()
    renderInConsole(<CreateForm release={release} />)
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Typed' } })
    expect(screen.getByTestId('dirty').textContent).toBe('dirty')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(release).toHaveBeenCalled())
    await waitFor(() => expect(screen.getByTestId('dirty').textContent).toBe('clean'))
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Typed')
  })
})
