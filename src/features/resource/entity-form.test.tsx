import { useStore } from '@tanstack/react-form'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { dataFormats } from '../../api/data-formats'
import { saveSession } from '../../core/session'
import { loadDb } from '../../outbox/lazy-db'
import { useWaitingCount } from '../../outbox/use-outbox'
import { renderInConsole } from '../../test-render'
import { onSave, useAppForm } from '../../ui/form/fields'
import { dataFormatForm } from '../data-formats/data-format-schema'
import { closeSaved, EntityFormFrame, useEntityForm } from './entity-form'

vi.mock('../../outbox/lazy-db', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../outbox/lazy-db')>()
  return { ...actual, loadDb: vi.fn(actual.loadDb) }
})

afterEach(async () => {
  vi.mocked(loadDb).mockReset()
  await saveSession(null)
})

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

/** The count of waiting changes the console's status shows on every screen, beside the form. */
function Waiting() {
  return <p data-testid="waiting">{useWaitingCount()}</p>
}

/** A data format's create form, as its screen has it. */
function FormatForm() {
  const { form, frame } = useEntityForm({
    resource: dataFormats,
    draftName: 'data-format',
    values: dataFormatForm,
    done: async () => undefined,
  })
  return (
    <EntityFormFrame {...frame}>
      <form.AppField name="dataFormatCode">
        {(field) => <field.TextField label="Code" required />}
      </form.AppField>
      <form.AppField name="name">{(field) => <field.TextField label="Name" required />}</form.AppField>
    </EntityFormFrame>
  )
}

/** The route's error page: what replaced the screen, input and all, when a failure reached it. */
class RouteError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <p data-testid="error-page">500</p> : this.props.children
  }
}

describe('a save whose outbox code cannot be loaded (offline before a service worker keeps it, or its download failed)', () => {
  it.each([
    ['en', false, 'Not saved: there is no connection, and this device cannot keep the change yet.'],
    ['fi', false, 'Ei tallennettu: yhteyttä ei ole, eikä tämä laite voi vielä säilyttää muutosta.'],
    ['en', true, 'Not saved: the part of the console that keeps changes on this device could not be loaded.'],
    [
      'fi',
      true,
      'Ei tallennettu: konsolin osaa, joka säilyttää muutokset tällä laitteella, ei voitu ladata.',
    ],
  ] as const)('keeps the form and its input, and says so (%s, online: %s)', async (locale, online, said) => {
    const connection = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
    onTestFinished(() => connection.mockRestore())
    await saveSession({ kind: 'developer', user: { id: 'u1', email: 'u1@b.c' }, token: 't', expiresAt: 1e13 })
    vi.mocked(loadDb).mockRejectedValue(
      new TypeError(
        'Failed to fetch dynamically imported module: http://localhost/assets/import-wrapper-x.js',
      ),
    )
    renderInConsole(
      <RouteError>
        <Waiting />
        <FormatForm />
      </RouteError>,
      { locale },
    )
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: 'KEPT1' } })
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Not lost' } })
    fireEvent.click(screen.getByRole('button', { name: locale === 'fi' ? 'Tallenna' : 'Save' }))
    const message = await screen.findByText(said, { exact: false })
    expect(message.closest('[role="alert"]')).not.toBeNull()
    expect(document.body.textContent).not.toMatch(/dynamically imported module/)
    expect(loadDb).toHaveBeenCalled()
    expect(screen.queryByTestId('error-page')).toBeNull()
    expect((screen.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Not lost')
    expect((screen.getByLabelText(/Code/) as HTMLInputElement).value).toBe('KEPT1')
    expect(screen.getByTestId('waiting').textContent).toBe('0')
  })
})
