import { describe, expect, it } from 'vitest'
import type { ActionSchema } from '../../api/tasks'
import {
  emptyAction,
  emptyJob,
  secretIsSet,
  toFormValues,
  toTaskInput,
  withActionRules,
  withoutSecrets,
} from './task-form-schema'

const schemas: ActionSchema[] = [
  {
    id: 'http-get',
    name: 'HTTP GET',
    options: [
      { title: 'url', rules: ['required', 'url'] },
      { title: 'headers', rules: ['object'] },
    ],
  },
]

const messages = (values: unknown) => {
  const result = withActionRules(schemas).safeParse(values)
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('task form schema', () => {
  it('checks the rules: duration "Hh Mm", JSON objects, cron, and each action option by its rules', () => {
    const values = {
      ...toFormValues(),
      name: 'Nightly',
      interval: '90',
      requestParameters: '[1]',
      jobs: [{ schedule: 'every day', timeZone: '' }],
      actions: [{ ...emptyAction('http-get'), options: { url: 'ftp://x', headers: 'nope' } }],
    }
    expect(messages(values)).toEqual([
      'interval: Please enter in format "Hh Mm"',
      'requestParameters: Please enter a valid object',
      'jobs.0.schedule: Please enter a cron schedule of five fields, e.g. "0 2 * * *"',
      'actions.0.options.url: Please provide a valid URL',
      'actions.0.options.headers: Please enter a valid object',
    ])
    expect(messages({ ...values, actions: [emptyAction('http-get')] })).toContain(
      'actions.0.options.url: This field is required',
    )
  })

  it('turns the texts into the payload and back', () => {
    const values = {
      ...toFormValues(),
      name: ' Nightly ',
      interval: '2h 30m',
      requestParameters: '{"limit": 5}',
      concurrentExecutions: '3',
      jobs: [emptyJob()],
      actions: [
        {
          ...emptyAction('http-get'),
          enabled: false,
          options: { url: 'https://example.com', headers: '{"a": "b"}' },
          environment: '{"REGION": "eu"}',
        },
      ],
    }
    expect(messages(values)).toEqual([])
    const input = toTaskInput(values, schemas)
    expect(input).toMatchObject({
      name: 'Nightly',
      interval: 9_000_000,
      requestParameters: { limit: 5 },
      concurrentExecutions: 3,
      jobs: [{ schedule: '0 2 * * *', timeZone: 'FLE Standard Time' }],
      actions: [
        {
          actionId: 'http-get',
          enabled: false,
          input: { url: 'https://example.com', headers: { a: 'b' } },
          environment: { REGION: 'eu' },
        },
      ],
    })
    const back = toFormValues({ ...input, id: 'x', status: 'stopped' })
    expect(back.interval).toBe('2h 30m')
    expect(back.actions[0]?.options).toEqual({ url: 'https://example.com', headers: '{\n  "a": "b"\n}' })
  })
})

describe('the limits of the platform, said in the user units', () => {
  const values = (interval: string, concurrentExecutions: string) => ({
    ...toFormValues(),
    name: 'Limits',
    interval,
    concurrentExecutions,
  })
  const messages = (interval: string, concurrent: string) =>
    (withActionRules([]).safeParse(values(interval, concurrent)).error?.issues ?? []).map((i) => i.message)
  it('refuses above 366 days and 1000 at once, and takes the limits themselves', () => {
    expect(messages('9999h', '5000')).toEqual([
      'Interval above the limit',
      'Concurrent executions above the limit',
    ])
    expect(messages('8784h', '1000')).toEqual([])
    expect(messages('8784h 1m', '0')).toEqual(['Interval above the limit'])
  })

  it('takes an emptied concurrency as 0 (unlimited), and refuses what is not digits', () => {
    expect(messages('', '')).toEqual([])
    expect(messages('', ' ')).toEqual([])
    expect(toTaskInput(values('', ''), []).concurrentExecutions).toBe(0)
    expect(messages('', '-1')).toEqual(['Only digits are allowed'])
    expect(messages('', '2.5')).toEqual(['Only digits are allowed'])
  })
})

describe('an enum option', () => {
  const notify: ActionSchema[] = [
    {
      id: 'notify',
      name: 'Notify',
      options: [{ title: 'channel', rules: ['required', 'enum'], values: ['email', 'sms'] }],
    },
  ]
  const check = (channel: string) => {
    const values = {
      ...toFormValues(),
      name: 'Alert',
      actions: [{ ...emptyAction('notify'), options: { channel } }],
    }
    const result = withActionRules(notify).safeParse(values)
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  }
  it('takes only one of its values', () => {
    expect(check('sms')).toEqual([])
    expect(check('pigeon')).toEqual(['actions.0.options.channel: Please select item from the dropdown'])
  })
})

describe('task secrets in the form', () => {
  const task = {
    name: 'Keeper',
    appAccessTokenSet: true,
    clientSecretSet: false,
    clientSecret: 'queued-but-unsent',
  }

  it('never fills a secret; knows one is set from the platform or from a change still queued', () => {
    const values = toFormValues(task)
    expect([values.appAccessToken, values.clientSecret, values.hookToken]).toEqual(['', '', ''])
    expect(secretIsSet(task, 'appAccessToken')).toBe(true)
    expect(secretIsSet(task, 'clientSecret')).toBe(true)
    expect(secretIsSet(task, 'hookToken')).toBe(false)
  })

  it('sends only a typed secret, and a draft keeps none', () => {
    const values = { ...toFormValues(task), clientSecret: 'typed', hookToken: '' }
    const input = toTaskInput(values, schemas)
    expect(input.clientSecret).toBe('typed')
    expect(input).not.toHaveProperty('hookToken', expect.anything())
    expect(input.hookToken).toBeUndefined()
    expect(withoutSecrets(values)).toMatchObject({ name: 'Keeper', clientSecret: '' })
  })
})
