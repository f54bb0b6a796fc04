import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ActionSchema, Task } from '../../api/tasks'
import { loadCatalog } from '../../i18n/i18n-provider'
import { renderInConsole } from '../../test-render'
import { useAppForm } from '../../ui/form/fields'
import { taskEditBody, taskFormSchema, toFormValues, toTaskInput } from './task-form-schema'
import { TaskGeneralTab } from './task-general-tab'

const schemas: ActionSchema[] = []

function Harness() {
  const form = useAppForm({ defaultValues: toFormValues(), validators: { onChange: taskFormSchema } })
  return <TaskGeneralTab form={form} secretsSet={{}} />
}

const received = (fields: Partial<Task> & Record<string, unknown>) =>
  ({
    id: 't1',
    name: 'Nightly',
    concurrentExecutions: 0,
    asyncResponse: false,
    status: 'stopped',
    actions: [],
    notifications: [],
    jobs: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...fields,
  }) as Task

describe('stop after failed runs in a row, in the task form', () => {
  it('refuses what the platform refuses, with its message in Finnish', async () => {
    await loadCatalog('fi')
    renderInConsole(<Harness />, { locale: 'fi' })
    const input = screen.getByLabelText(
      'Pysäytä peräkkäisten epäonnistuneiden ajojen jälkeen',
    ) as HTMLInputElement
    expect(input.value).toBe('')
    for (const bad of ['0', '101', '1.5', '-1']) {
      fireEvent.change(input, { target: { value: bad } })
      expect(await screen.findByText('Anna kokonaisluku väliltä 1–100'), bad).toBeTruthy()
    }
    fireEvent.change(input, { target: { value: '3' } })
    await screen.findByDisplayValue('3')
    expect(screen.queryByText('Anna kokonaisluku väliltä 1–100')).toBeNull()
  })

  it('says it in English', () => {
    const issues = taskFormSchema.safeParse({ ...toFormValues(), name: 'x', stopAfterFailures: '0' })
    expect(issues.success ? [] : issues.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(
      ['stopAfterFailures: Enter a whole number from 1 to 100'],
    )
  })

  it('is sent on create only when set', () => {
    const values = { ...toFormValues(), name: 'New' }
    expect(JSON.parse(JSON.stringify(toTaskInput(values, schemas)))).not.toHaveProperty('stopAfterFailures')
    expect(toTaskInput({ ...values, stopAfterFailures: ' 4 ' }, schemas).stopAfterFailures).toBe(4)
  })

  it('an edit sends back what was received, the user change, or null when cleared', () => {
    // Not received (a platform without the field): not sent unless set.
    const without = received({})
    expect(taskEditBody(without, toFormValues(without), schemas).body).not.toHaveProperty('stopAfterFailures')
    expect(
      taskEditBody(without, { ...toFormValues(without), stopAfterFailures: '2' }, schemas).body
        .stopAfterFailures,
    ).toBe(2)
    // Received: back unchanged, whatever it is, unless the user changed it.
    for (const value of [5, null, 'odd']) {
      const task = received({ stopAfterFailures: value as number })
      expect(taskEditBody(task, toFormValues(task), schemas).body.stopAfterFailures).toBe(value)
    }
    const five = received({ stopAfterFailures: 5 })
    expect(toFormValues(five).stopAfterFailures).toBe('5')
    expect(
      taskEditBody(five, { ...toFormValues(five), stopAfterFailures: '7' }, schemas).body.stopAfterFailures,
    ).toBe(7)
    expect(
      taskEditBody(five, { ...toFormValues(five), stopAfterFailures: '' }, schemas).body.stopAfterFailures,
    ).toBeNull()
    // The platform's own counts never go back.
    const counted = received({ stopAfterFailures: 2, failedRunsInRow: 2, stoppedAfterFailures: 2 })
    const body = taskEditBody(counted, toFormValues(counted), schemas).body
    expect(body).not.toHaveProperty('failedRunsInRow')
    expect(body).not.toHaveProperty('stoppedAfterFailures')
  })
})
