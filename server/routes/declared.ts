import { Hono } from 'hono'
import type { Vars } from '../context'
import { crud } from '../crud'
import { DECLARED } from '../declared'

/** The resources declared in contract/: each one `crud` with the declaration's paths and schemas. */
export const declaredRoutes = new Hono<{ Variables: Vars }>()

for (const d of DECLARED)
  crud(declaredRoutes, {
    kind: d.kind,
    label: d.label,
    permission: d.permission,
    readPath: `/:env${d.path}`,
    writePath: `/:env${d.path}`,
    createSchema: d.input,
    updateSchema: d.input.partial(),
  })
