import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { z } from 'zod'
import type { PagedList as CatalogPagedList, Product } from '../../src/api/catalog'
import type { PlatformConfig } from '../../src/api/configs'
import type { Contract, ContractInput, SavedCredentials } from '../../src/api/contracts'
import type { DataFormat, DataFormatInput, PagedList, UsedBy } from '../../src/api/data-formats'
import type { PlatformEvent } from '../../src/api/events'
import type { TaskStatus as MonitoredStatus } from '../../src/api/monitoring'
import type { Organization } from '../../src/api/organizations'
import type { FileKind, ProductFile } from '../../src/api/product-files'
import type { ActionSchema, Task, TaskInput, TaskRun, TaskStatus } from '../../src/api/tasks'
import type { Role, User } from '../../src/api/users'
import type { Permission as ClientPermission } from '../../src/auth/permissions'
import {
  type contractInputSchema,
  contractSchema,
  type savedCredentialsSchema,
} from '../../src/contract/contract'
import { type dataFormatInputSchema, dataFormatSchema } from '../../src/contract/data-format'
import type { issueSchema, paginationSchema, usedBySchema } from '../../src/contract/envelope'
import { organizationStatsSchema, platformEventSchema, statsBucketSchema } from '../../src/contract/event'
import { type productInputSchema, productSchema } from '../../src/contract/product'
import type { productFileSchema } from '../../src/contract/product-file'
import {
  actionSchemaSchema,
  type TASK_STATUSES,
  type taskInputSchema,
  taskRunSchema,
  taskSchema,
} from '../../src/contract/task'
import { type AccessToken, accessTokenSchema, tokenCreateSchema } from '../../src/contract/token'
import {
  type authUserSchema,
  organizationSchema,
  type permissionSchema,
  type platformConfigSchema,
  type roleSchema,
  userSchema,
} from '../../src/contract/user'
import type { Issue, Pagination } from '../../src/core/http'
import type { AuthUser, Permission as ServerPermission } from '../context'
import type { UsedBy as ServerUsedBy } from '../crud'
import { startPlatform, type TestPlatform } from './harness'

// One shape on both sides: the console's types are the contract's schemas, what the console sends is
// what the platform's schema takes, and what the platform answers parses with the contract's schema.

describe('the console and the platform share one type per shape', () => {
  it('the console reads the contract entities (type-checked by npm run typecheck)', () => {
    expectTypeOf<Task>().toEqualTypeOf<z.infer<typeof taskSchema>>()
    expectTypeOf<TaskRun>().toEqualTypeOf<z.infer<typeof taskRunSchema>>()
    expectTypeOf<ActionSchema>().toEqualTypeOf<z.infer<typeof actionSchemaSchema>>()
    expectTypeOf<TaskStatus>().toEqualTypeOf<(typeof TASK_STATUSES)[number]>()
    expectTypeOf<MonitoredStatus>().toEqualTypeOf<TaskStatus>()
    expectTypeOf<Product>().toEqualTypeOf<z.infer<typeof productSchema>>()
    expectTypeOf<DataFormat>().toEqualTypeOf<z.infer<typeof dataFormatSchema>>()
    expectTypeOf<Contract>().toEqualTypeOf<z.infer<typeof contractSchema>>()
    expectTypeOf<SavedCredentials>().toEqualTypeOf<z.infer<typeof savedCredentialsSchema>>()
    expectTypeOf<PlatformEvent>().toEqualTypeOf<z.infer<typeof platformEventSchema>>()
    expectTypeOf<ProductFile>().toEqualTypeOf<z.infer<typeof productFileSchema>>()
    expectTypeOf<FileKind>().toEqualTypeOf<NonNullable<ProductFile['kind']>>()
    expectTypeOf<User>().toEqualTypeOf<z.infer<typeof userSchema>>()
    expectTypeOf<Role>().toEqualTypeOf<z.infer<typeof roleSchema>>()
    expectTypeOf<Organization>().toEqualTypeOf<z.infer<typeof organizationSchema>>()
    expectTypeOf<PlatformConfig>().toEqualTypeOf<z.infer<typeof platformConfigSchema>>()
    expectTypeOf<Pagination>().toEqualTypeOf<z.infer<typeof paginationSchema>>()
    expectTypeOf<Issue>().toEqualTypeOf<z.infer<typeof issueSchema>>()
    expectTypeOf<UsedBy>().toEqualTypeOf<z.infer<typeof usedBySchema>>()
    expectTypeOf<PagedList<DataFormat>>().toEqualTypeOf<CatalogPagedList<DataFormat>>()
    expectTypeOf<PagedList<DataFormat>['items']>().toEqualTypeOf<DataFormat[]>()
  })

  it('the platform uses the same types', () => {
    expectTypeOf<AuthUser>().toEqualTypeOf<z.infer<typeof authUserSchema>>()
    expectTypeOf<ServerPermission>().toEqualTypeOf<z.infer<typeof permissionSchema>>()
    expectTypeOf<ClientPermission>().toEqualTypeOf<ServerPermission>()
    expectTypeOf<ServerUsedBy>().toEqualTypeOf<UsedBy>()
  })

  it("what the console sends is what the platform's route schema takes", () => {
    expectTypeOf<TaskInput>().toExtend<z.input<typeof taskInputSchema>>()
    expectTypeOf<DataFormatInput>().toEqualTypeOf<z.input<typeof dataFormatInputSchema>>()
    expectTypeOf<ContractInput>().toExtend<z.input<typeof contractInputSchema>>()
    expectTypeOf<Omit<Product, 'id'>>().toExtend<z.input<typeof productInputSchema>>()
  })
})

describe('what the platform answers parses with the contract, no field unknown to it', () => {
  let p: TestPlatform
  beforeAll(async () => {
    p = await startPlatform()
  })
  afterAll(() => p.close())

  const strictly = (schema: z.ZodObject, rows: unknown[]) => {
    const refused = rows.flatMap((row) => {
      const result = schema.strict().safeParse(row)
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    })
    return [...new Set(refused)]
  }
  const rows = async (path: string) => {
    const answer = await p.call<unknown>('GET', path)
    expect(answer.status, path).toBe(200)
    const result = answer.body.result
    const list = Array.isArray(result) ? result : ((result as { itemList?: unknown[] })?.itemList ?? [result])
    expect(list.length, path).toBeGreaterThan(0)
    return list
  }

  it('tasks, their runs and the action schemas', async () => {
    const tasks = (await rows('/api/sandbox/tasks?limit=100')) as Task[]
    expect(strictly(taskSchema, tasks)).toEqual([])
    const input: TaskInput = {
      name: 'Drift check',
      concurrentExecutions: 0,
      asyncResponse: false,
      missedRuns: 'once',
      actions: [],
      notifications: [],
      jobs: [],
    }
    const created = await p.call<Task>('POST', '/api/sandbox/tasks', { body: input })
    expect(created.status).toBe(201)
    expect(strictly(taskSchema, [created.body.result])).toEqual([])
    const run = await p.call<unknown>('POST', `/api/sandbox/tasks/${created.body.result?.id}/run`)
    expect(run.status).toBeLessThan(300)
    expect(strictly(taskRunSchema, await rows(`/api/sandbox/tasks/${created.body.result?.id}/runs`))).toEqual(
      [],
    )
    expect(strictly(actionSchemaSchema, await rows('/api/sandbox/actions?limit=100'))).toEqual([])
  })

  it('catalog entities, data formats and contracts', async () => {
    expect(strictly(productSchema, await rows('/api/sandbox/products/v2?limit=500'))).toEqual([])
    expect(strictly(dataFormatSchema, await rows('/api/sandbox/products/v2/data-formats?limit=500'))).toEqual(
      [],
    )
    expect(strictly(contractSchema, await rows('/api/sandbox/products/v2/contracts?limit=500'))).toEqual([])
  })

  it('events, stats, the user, organizations and tokens', async () => {
    expect(strictly(platformEventSchema, await rows('/api/sandbox/events?limit=200'))).toEqual([])
    expect(strictly(statsBucketSchema, await rows('/api/sandbox/stats'))).toEqual([])
    expect(strictly(organizationStatsSchema, await rows('/api/sandbox/stats/organizations'))).toEqual([])
    expect(strictly(userSchema, await rows('/api/sandbox/me'))).toEqual([])
    expect(strictly(organizationSchema, await rows('/api/sandbox/auth/organizations?limit=1000'))).toEqual([])
    const me = (await rows('/api/sandbox/me'))[0] as User
    const made = await p.call<AccessToken>('POST', `/api/sandbox/v2/${me.id}/app-tokens`, {
      body: tokenCreateSchema.parse({
        name: 'drift',
        expirationDate: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    })
    expect(made.status).toBe(201)
    expect(strictly(accessTokenSchema, await rows(`/api/sandbox/v2/${me.id}/app-tokens`))).toEqual([])
  })
})
