import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product } from '../../src/api/catalog'
import type { Task } from '../../src/api/tasks'
import { dataFormatInputSchema } from '../../src/contract/data-format'
import { productInputSchema } from '../../src/contract/product'
import { taskUpdateSchema } from '../../src/contract/task'
import {
  catalogFormSchema,
  toFormValues,
  toProductInput,
} from '../../src/features/catalog/catalog-form-schema'
import { dataFormatFormSchema } from '../../src/features/data-formats/data-format-schema'
import {
  toFormValues as toTaskFormValues,
  toTaskInput,
  withActionRules,
} from '../../src/features/tasks/task-form-schema'
import { ACTION_SCHEMAS } from '../routes/action-schemas'
import { startPlatform, type TestPlatform } from './harness'

// What the platform holds, the console can save. Every seeded entity, put in its
// edit form unchanged, passes the form's rules and the platform's (both from src/contract/).

let p: TestPlatform
beforeAll(async () => {
  p = await startPlatform()
})
afterAll(() => p.close())

const problems = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => (result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`))

describe.each(['sandbox', 'production'])('every seeded entity of %s saves unchanged', (env) => {
  it('products of every type', async () => {
    const list = await p.call<Product[]>('GET', `/api/${env}/products/v2?limit=500`)
    const refused: string[] = []
    for (const product of list.body.result ?? []) {
      const values = toFormValues(product.type, product)
      const form = problems(catalogFormSchema.safeParse(values))
      const platform = form.length
        ? []
        : problems(productInputSchema.safeParse(toProductInput(values, product)))
      for (const problem of [...form, ...platform]) refused.push(`${product.productCode} ${problem}`)
    }
    expect(list.body.result?.length).toBeGreaterThan(10)
    expect(refused).toEqual([])
  })

  it('tasks', async () => {
    const list = await p.call<Task[]>('GET', `/api/${env}/tasks?limit=500`)
    const schema = withActionRules(ACTION_SCHEMAS)
    const refused: string[] = []
    for (const task of list.body.result ?? []) {
      const values = toTaskFormValues(task)
      const form = problems(schema.safeParse(values))
      const { jobs: _jobs, ...body } = toTaskInput(values, ACTION_SCHEMAS)
      const platform = form.length ? [] : problems(taskUpdateSchema.safeParse(body))
      for (const problem of [...form, ...platform]) refused.push(`${task.code} ${problem}`)
    }
    expect(list.body.result?.length).toBeGreaterThan(3)
    expect(refused).toEqual([])
  })

  it('data formats', async () => {
    const list = await p.call<{ itemList: Record<string, string>[] }>(
      'GET',
      `/api/${env}/products/v2/data-formats?limit=500`,
    )
    const refused: string[] = []
    for (const format of list.body.result?.itemList ?? []) {
      const values = {
        dataFormatCode: format.dataFormatCode ?? '',
        name: format.name ?? '',
        description: format.description ?? '',
        type: format.type ?? '',
        ontologyContext: format.ontologyContext ?? '',
      }
      const form = problems(dataFormatFormSchema.safeParse(values))
      const platform = problems(dataFormatInputSchema.safeParse(values))
      for (const problem of [...form, ...platform]) refused.push(`${format.dataFormatCode} ${problem}`)
    }
    expect(refused).toEqual([])
  })
})

describe('the form and the platform refuse the same values', () => {
  const base = toFormValues('dataproduct', {
    name: 'Harbour feed',
    productCode: 'HARBOUR_1',
    type: 'dataproduct',
    visibility: { type: 'public', visibleTo: [] },
  })
  const productCases: [string, Partial<typeof base>][] = [
    ['a one-letter name', { name: 'A' }],
    ['an over-long description', { description: 'x'.repeat(10_001) }],
    ['organizations visibility without one', { visibilityType: 'organizations', selectedVisibilityTo: [] }],
    ['an access point that is not a URL', { accessPoint: 'harbour' }],
    ['an over-long contact name', { contactPersonName: 'x'.repeat(201) }],
  ]
  it.each(productCases)('products: %s', (_, change) => {
    const values = { ...base, ...change }
    expect(catalogFormSchema.safeParse(values).success).toBe(false)
    const { visibilityType, selectedVisibilityTo, ...rest } = values
    const input = { ...rest, visibility: { type: visibilityType, visibleTo: selectedVisibilityTo } }
    expect(productInputSchema.safeParse(input).success).toBe(false)
  })
  it('products: what the form accepts the platform accepts', () => {
    expect(catalogFormSchema.safeParse(base).success).toBe(true)
    expect(productInputSchema.safeParse(toProductInput(base)).success).toBe(true)
  })

  const task = toTaskFormValues({ name: 'Nightly', concurrentExecutions: 0, asyncResponse: false })
  const taskCases: [string, Partial<typeof task>][] = [
    ['5000 concurrent executions', { concurrentExecutions: '5000' }],
    ['an over-long description', { description: 'x'.repeat(10_001) }],
    ['an over-long code', { code: 'C'.repeat(101) }],
    ['an interval over a year', { interval: '9000h' }],
  ]
  it.each(taskCases)('tasks: %s', (_, change) => {
    const values = { ...task, ...change }
    expect(withActionRules(ACTION_SCHEMAS).safeParse(values).success).toBe(false)
    const input = { ...values, concurrentExecutions: Number(values.concurrentExecutions) }
    const body = {
      name: input.name,
      description: input.description,
      code: input.code,
      concurrentExecutions: input.concurrentExecutions,
      interval: values.interval === '9000h' ? 9000 * 3_600_000 : undefined,
    }
    expect(taskUpdateSchema.safeParse(body).success).toBe(false)
  })

  it.each([
    ['a one-letter name', { name: 'x' }],
    ['an over-long description', { description: 'x'.repeat(5001) }],
    ['an ontology context that is not a URL', { ontologyContext: 'schema' }],
  ])('data formats: %s', (_, change) => {
    const values = {
      dataFormatCode: 'JSON_2',
      name: 'JSON 2',
      description: '',
      type: '',
      ontologyContext: '',
      ...change,
    }
    expect(dataFormatFormSchema.safeParse(values).success).toBe(false)
    expect(dataFormatInputSchema.safeParse(values).success).toBe(false)
  })
})
