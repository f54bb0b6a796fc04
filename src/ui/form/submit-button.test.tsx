import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { renderInConsole } from '../../test-render'
import { onSave, useAppForm } from './fields'

const schema = z.object({ name: z.string().min(1) })

function Harness({
  onSubmit,
  slowCheck,
  defaultName = 'Old',
}: {
  onSubmit: (value: { name: string }) => Promise<void> | void
  slowCheck?: () => Promise<string | undefined>
  defaultName?: string
}) {
  const form = useAppForm({
    defaultValues: { name: defaultName },
    validators: { onChange: schema, onSubmit: schema },
    onSubmit: async ({ value }) => onSubmit(value),
  })
  return (
    <form noValidate onSubmit={onSave(form)}>
      <form.AppField
        name="name"
        validators={slowCheck ? { onChangeAsync: slowCheck, onChangeAsyncDebounceMs: 0 } : undefined}
      >
        {(field) => <field.TextField label="Name" />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton>Save</form.SubmitButton>
      </form.AppForm>
    </form>
  )
}

const setup = (props: Parameters<typeof Harness>[0]) => renderInConsole(<Harness {...props} />)

describe('Save button: a click is never swallowed', () => {
  it('a Save while a field is still being checked waits for the check, then saves', async () => {
    const pending: ((value: undefined) => void)[] = []
    const slowCheck = vi.fn(() => new Promise<undefined>((resolve) => pending.push(resolve)))
    const onSubmit = vi.fn()
    setup({ onSubmit, slowCheck })
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'New' } })
    await waitFor(() => expect(slowCheck).toHaveBeenCalled())
    // The check of the typed name is still under way when Save is pressed.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(
      () => {
        for (const release of pending.splice(0)) release(undefined)
        expect(onSubmit).toHaveBeenCalledWith({ name: 'New' })
      },
      { timeout: 5000 },
    )
  })

  it('the first Save of a form the rules refuse says so and focuses the field', async () => {
    const onSubmit = vi.fn()
    setup({ onSubmit })
    const input = screen.getByLabelText('Name')
    fireEvent.change(input, { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByTestId('form-error-summary').textContent).toBe(
        'Not saved: 1 field needs correcting.',
      ),
    )
    expect(document.activeElement).toBe(input)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(onSubmit).not.toHaveBeenCalled()
    // Corrected, the next Save goes through and the summary leaves.
    fireEvent.change(input, { target: { value: 'Fixed' } })
    await waitFor(() => expect(screen.getByTestId('form-error-summary').textContent).toBe(''))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Fixed' }))
  })

  it('a form opened on stored data the rules refuse says so at the first Save, untouched', async () => {
    const onSubmit = vi.fn()
    setup({ onSubmit, defaultName: '' })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByTestId('form-error-summary').textContent).toBe(
        'Not saved: 1 field needs correcting.',
      ),
    )
    expect(document.activeElement).toBe(screen.getByLabelText('Name'))
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('a second Save while one is under way sends nothing more and shows the form busy', async () => {
    let finish: () => void = () => {}
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve
        }),
    )
    setup({ onSubmit })
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'New' } })
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement
    fireEvent.click(button)
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(button.getAttribute('aria-busy')).toBe('true')
    // Enter in a field submits the form even while its button is disabled.
    fireEvent.submit(button.form as HTMLFormElement)
    await act(async () => {
      finish()
      await new Promise((r) => setTimeout(r, 10))
    })
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(button.getAttribute('aria-busy')).toBeNull()
  })
})
