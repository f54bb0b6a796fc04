import { describe, expect, it } from 'vitest'
import type { Application } from '../../contract/application'
import {
  applicationEditBody,
  applicationFormSchema,
  toApplicationInput,
  toApplicationValues,
} from './application-values'

const stored = {
  id: 'a1',
  name: 'Field Reporter',
  description: 'Mobile reporting',
  // A field another platform keeps that the console does not show.
  clientId: 'reporter-app',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-02T00:00:00Z',
} as Application

describe('the application form', () => {
  it('sends back what it received with only the change laid over, without the stamps', () => {
    const body = applicationEditBody(stored, { ...toApplicationValues(stored), name: '  Reporter 2 ' })
    expect(body).toEqual({ name: 'Reporter 2', description: 'Mobile reporting', clientId: 'reporter-app' })
  })

  it('left alone, sends back everything as it came', () => {
    expect(applicationEditBody(stored, toApplicationValues(stored))).toEqual({
      name: 'Field Reporter',
      description: 'Mobile reporting',
      clientId: 'reporter-app',
    })
  })

  it('reads what the platform sent as text, and checks with the platform’s rules', () => {
    expect(toApplicationValues({ name: 'X', description: undefined })).toEqual({ name: 'X', description: '' })
    expect(toApplicationInput({ name: ' Spaced ', description: '' })).toEqual({
      name: 'Spaced',
      description: '',
    })
    const refused = applicationFormSchema.safeParse({ name: ' ', description: 'x'.repeat(2001) })
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'This field is required'],
      ['description', 'Too long'],
    ])
  })
})
