import { fieldsOf } from './reading'
import type { z } from './zod'

/** What a permission type allows, one action each (`applications.read`). */
export type CrudAction = 'read' | 'create' | 'update' | 'delete'

/**
 * A plain resource the platform serves in full from this declaration: list and get on `path`, create,
 * update (PUT, PATCH) and delete, each behind `permission.action` and checked against `input`. The
 * platform finds every declaration exported by a contract module: a new one needs no server file.
 */
export interface CrudDeclaration<N extends string = string> {
  readonly declares: 'crud'
  /** The console's outbox resource name for it. */
  name: N
  /** The entity kind in the platform's store. */
  kind: string
  /** Its name for people in the platform's messages and events ("Application 12 was not found"). */
  label: string
  /** The permission type; the seeded administrator holds every action of it. */
  permission: string
  /** Under `/{env}`, e.g. `/auth/applications`; one entity at `{path}/{id}`. */
  path: string
  /** Create and PUT bodies; a PATCH body is any part of it. */
  input: z.ZodObject
  /** The actions the seeded operator and viewer hold (the operator reads every type). */
  grants: { operator: CrudAction[]; viewer: CrudAction[] }
}

export function declareCrud<const N extends string>(
  declaration: Omit<CrudDeclaration<N>, 'declares' | 'grants'> & {
    grants?: Partial<CrudDeclaration['grants']>
  },
): CrudDeclaration<N> {
  const { grants, ...rest } = declaration
  return {
    ...rest,
    declares: 'crud',
    grants: { operator: grants?.operator ?? ['read'], viewer: grants?.viewer ?? [] },
  }
}

export const isCrudDeclaration = (value: unknown): value is CrudDeclaration =>
  fieldsOf(value).declares === 'crud'
