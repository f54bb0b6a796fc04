import type { z } from 'zod'
import { APPLICATIONS } from '../../src/contract/application'
import { contractInputSchema, credentialsSchema, purchaseSchema } from '../../src/contract/contract'
import { dataFormatInputSchema } from '../../src/contract/data-format'
import {
  metaBodySchema,
  productInputSchema,
  qualityAttributeSchema,
  taskBodySchema,
} from '../../src/contract/product'
import { pushSubscriptionSchema } from '../../src/contract/push'
import { taskInputSchema, taskUpdateSchema } from '../../src/contract/task'
import {
  tokenCreateSchema,
  tokenRefreshSchema,
  tokenRenewSchema,
  tokenUpdateSchema,
} from '../../src/contract/token'

const P = '/:env/internal/products/:version{v[12]}'
const DF = '/:env/internal/products/:version/data-formats'
const PV = '/:env/products/:version{v[12]}/:id'
const TOKENS = '/:env/internal/users/:userId/tokens'
const APP_TOKENS = '/:env/:version{v[12]}/:userId/app-tokens'

/**
 * The JSON body each write route reads, by `METHOD path` as the app registers it; null for a route
 * that reads none (or a file, not JSON). The hostile-input test fails for a write route missing here.
 */
export const WRITE_BODIES: Record<string, z.ZodType | null> = {
  [`POST ${DF}`]: dataFormatInputSchema,
  [`PUT ${DF}/:id`]: dataFormatInputSchema,
  [`PATCH ${DF}/:id`]: dataFormatInputSchema.partial(),
  [`DELETE ${DF}/:id`]: null,
  [`POST /:env${APPLICATIONS.path}`]: APPLICATIONS.input,
  [`PUT /:env${APPLICATIONS.path}/:id`]: APPLICATIONS.input,
  [`PATCH /:env${APPLICATIONS.path}/:id`]: APPLICATIONS.input.partial(),
  [`DELETE /:env${APPLICATIONS.path}/:id`]: null,
  'POST /:env/tasks/:id/:action': null,
  'PUT /:env/tasks/:id/jobs': taskInputSchema.pick({ jobs: true }),
  'POST /:env/tasks': taskInputSchema,
  'PUT /:env/tasks/:id': taskUpdateSchema,
  'DELETE /:env/tasks/:id': null,
  'POST /:env/products/v2/contracts': contractInputSchema,
  'POST /:env/products/v2/:id/purchase': purchaseSchema,
  'POST /:env/products/v2/auth-credentials': credentialsSchema,
  [`POST ${PV}/files`]: null,
  [`DELETE ${PV}/files/:subId`]: null,
  [`POST ${TOKENS}`]: tokenCreateSchema,
  [`POST ${TOKENS}/:id/renew`]: tokenRenewSchema,
  [`POST ${TOKENS}/:id/revoke`]: null,
  [`PATCH ${TOKENS}/:id`]: tokenUpdateSchema,
  [`DELETE ${TOKENS}/:id`]: null,
  [`POST ${APP_TOKENS}`]: tokenCreateSchema,
  [`POST ${APP_TOKENS}/:id/renew`]: tokenRenewSchema,
  [`POST ${APP_TOKENS}/:id/revoke`]: null,
  [`PATCH ${APP_TOKENS}/:id`]: tokenUpdateSchema,
  [`DELETE ${APP_TOKENS}/:id`]: null,
  'POST /:env/push-subscriptions': pushSubscriptionSchema,
  'DELETE /:env/push-subscriptions/:id': null,
  'POST /:env/:version{v[12]}/token/generate': tokenCreateSchema,
  'POST /:env/:version{v[12]}/token/refresh': tokenRefreshSchema,
  [`PUT ${PV}/meta`]: metaBodySchema,
  [`PUT ${PV}/task`]: taskBodySchema,
  [`POST ${PV}/quality-attributes`]: qualityAttributeSchema,
  [`DELETE ${PV}/quality-attributes/:subId`]: null,
  [`DELETE ${PV}`]: null,
  [`POST ${P}`]: productInputSchema,
  [`PATCH ${P}/:id`]: productInputSchema.partial(),
}

type Checked = { _zod: { def: { checks?: unknown[] } } }

/** Where a record's key (not its value) takes the hostile text. */
export const KEY = Symbol('record key')
export type FieldPath = (string | number | typeof KEY)[]

/**
 * Every place a body of this schema takes text: declared strings and enums (`declared`: the schema
 * limits them) and opaque JSON (`opaque`: kept as given, within the body limit).
 */
export function textFields(
  schema: z.ZodType,
  path: FieldPath = [],
): { path: FieldPath; declared: boolean }[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def
  const inner = (key: string) => def[key] as z.ZodType
  switch (def.type) {
    case 'string':
    case 'enum':
      return [{ path, declared: true }]
    case 'unknown':
    case 'any':
      return [{ path, declared: false }]
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return textFields(inner('innerType'), path)
    case 'pipe':
      return textFields(inner('in'), path)
    case 'array':
      return textFields(inner('element'), [...path, 0])
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
        textFields(value, [...path, key]),
      )
    case 'record':
      return [
        // A key is declared text when its schema checks it (a length), else opaque JSON.
        {
          path: [...path, KEY],
          declared: Boolean((inner('keyType') as unknown as Checked)._zod.def.checks?.length),
        },
        ...textFields(inner('valueType'), [...path, 'name']),
      ]
    case 'union': {
      const seen = new Set<string>()
      return (def.options as z.ZodType[])
        .flatMap((option) => textFields(option, path))
        .filter((f) => {
          const key = `${f.path.map(String).join('.')} ${f.declared}`
          if (seen.has(key)) return false
          seen.add(key)
          return true
        })
    }
    default:
      return []
  }
}

/** A body with `value` at `path` (a record's key when the path ends in KEY). */
export function bodyWith(path: FieldPath, value: string): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path
  if (head === KEY) return { [value]: 'x' }
  if (typeof head === 'number') return [bodyWith(rest, value)]
  return { [head as string]: bodyWith(rest, value) }
}
