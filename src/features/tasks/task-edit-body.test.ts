import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Task } from '../../api/tasks'
import { ENVIRONMENT_NAMES } from '../../contract/reading'
import { taskEditBody, toFormValues } from './task-form-schema'

const extras = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 6 }).map((k) => `x_${k}`),
  fc.jsonValue({ maxDepth: 1 }),
  { maxKeys: 2 },
)
const withExtras = <T extends object>(arb: fc.Arbitrary<T>) =>
  arb.chain((item) => extras.map((x) => ({ ...x, ...item })))

/** An action with its id, its environment under any of the names platforms use, and extras. */
const action = withExtras(
  fc.record(
    {
      id: fc.string({ minLength: 1, maxLength: 8 }),
      actionId: fc.constantFrom('fetch', 'transform', 'deliver'),
      name: fc.string({ maxLength: 10 }),
      input: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.oneof(fc.string(), fc.integer()), {
        maxKeys: 2,
      }),
      enabled: fc.boolean(),
      meta: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: ['actionId'] },
  ),
).chain((a) =>
  fc
    .option(
      fc.record({
        name: fc.constantFrom(...ENVIRONMENT_NAMES),
        value: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.string({ maxLength: 4 }), {
          minKeys: 1,
          maxKeys: 2,
        }),
      }),
      { nil: undefined },
    )
    .map((env) => (env ? { ...a, [env.name]: env.value } : a)),
)
const notification = withExtras(
  fc.record(
    {
      url: fc.constantFrom('https://hooks.example.com/a', 'https://b.example.org'),
      internal: fc.boolean(),
      sendOnError: fc.boolean(),
      sendOnSuccess: fc.boolean(),
      detailLevel: fc.constantFrom('full', 'simple', 'result-only'),
      type: fc.string({ maxLength: 5 }),
    },
    { requiredKeys: [] },
  ),
)
/** Jobs: readable ones with their own extras, and some without a schedule the console can read. */
const job = fc.oneof(
  withExtras(
    fc.record(
      {
        id: fc.string({ minLength: 1, maxLength: 6 }),
        schedule: fc.constantFrom('0 2 * * *', '*/5 * * * *'),
        timeZone: fc.constantFrom('Europe/Helsinki', 'UTC'),
      },
      { requiredKeys: ['schedule'] },
    ),
  ),
  fc.record({ id: fc.string({ maxLength: 6 }), cron: fc.constant('0 3 * * *') }),
)
const task = withExtras(
  fc.record(
    {
      id: fc.string({ minLength: 1, maxLength: 10 }),
      name: fc.string({ minLength: 1, maxLength: 10 }),
      code: fc.constantFrom('TASK_1', 'task-01'),
      description: fc.string({ maxLength: 10 }),
      status: fc.constantFrom('stopped', 'running', 'error', 'warning'),
      interval: fc.constantFrom(60_000, 3_600_000),
      concurrentExecutions: fc.integer({ min: 0, max: 5 }),
      requestParameters: fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), {
        maxKeys: 2,
      }),
      actions: fc.array(action, { maxLength: 3 }),
      notifications: fc.array(notification, { maxLength: 2 }),
      jobs: fc.array(job, { maxLength: 3 }),
      updatedAt: fc.integer({ min: 1, max: 2e9 }),
      lastRun: fc.constant({ at: '2026-01-01T00:00:00Z', outcome: 'success', result: 'ok' }),
    },
    { requiredKeys: ['id', 'name', 'status'] },
  ),
) as unknown as fc.Arbitrary<Task>

const OWNED = ['id', 'status', 'lastRun', 'jobs', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']
const received = (t: Task) => Object.fromEntries(Object.entries(t).filter(([k]) => !OWNED.includes(k)))

describe('a task edit sends back what it received, with only the change laid over', () => {
  it('left alone: the PUT is what was received (ids, environments, extras kept), no jobs call', () => {
    fc.assert(
      fc.property(task, (t) => {
        expect(taskEditBody(t, toFormValues(t), [])).toEqual({ body: received(t) })
      }),
    )
  })
  it('the description changed: only it differs', () => {
    fc.assert(
      fc.property(task, (t) => {
        const values = toFormValues(t)
        fc.pre(values.description !== 'changed')
        expect(taskEditBody(t, { ...values, description: 'changed' }, [])).toEqual({
          body: { ...received(t), description: 'changed' },
        })
      }),
    )
  })
  it("one action's name changed: that action keeps its id, environment and extras", () => {
    fc.assert(
      fc.property(task, fc.nat(), (t, pick) => {
        fc.pre((t.actions ?? []).length > 0)
        const values = toFormValues(t)
        const i = pick % values.actions.length
        fc.pre(values.actions[i]?.name !== 'renamed')
        const actions = values.actions.map((a, j) => (j === i ? { ...a, name: 'renamed' } : a))
        const { body, jobs } = taskEditBody(t, { ...values, actions }, [])
        expect(jobs).toBeUndefined()
        expect(body).toEqual({
          ...received(t),
          actions: (t.actions ?? []).map((a, j) => (j === i ? { ...a, name: 'renamed' } : a)),
        })
      }),
    )
  })
  it("one notification's url changed: the rest of it and the others as received", () => {
    fc.assert(
      fc.property(task, fc.nat(), (t, pick) => {
        fc.pre((t.notifications ?? []).length > 0)
        const values = toFormValues(t)
        const i = pick % values.notifications.length
        const url = 'https://changed.example.com/hook'
        const notifications = values.notifications.map((n, j) => (j === i ? { ...n, url } : n))
        expect(taskEditBody(t, { ...values, notifications }, []).body).toEqual({
          ...received(t),
          notifications: (t.notifications ?? []).map((n, j) => (j === i ? { ...n, url } : n)),
        })
      }),
    )
  })
  it("one job's schedule changed: the jobs call keeps every job, unreadable ones as they came", () => {
    fc.assert(
      fc.property(task, fc.nat(), (t, pick) => {
        const values = toFormValues(t)
        fc.pre(values.jobs.length > 0)
        const i = pick % values.jobs.length
        const schedule = '15 4 * * 1'
        const jobs = values.jobs.map((j, k) => (k === i ? { ...j, schedule } : j))
        const result = taskEditBody(t, { ...values, jobs }, [])
        expect(result.body).toEqual(received(t))
        const all = (t.jobs ?? []) as unknown as Record<string, unknown>[]
        const readable = all.filter((j) => typeof j.schedule === 'string')
        const unreadable = all.filter((j) => typeof j.schedule !== 'string')
        expect(result.jobs).toEqual([
          ...readable.map((j, k) => (k === i ? { ...j, schedule } : j)),
          ...unreadable,
        ])
      }),
    )
  })
})
