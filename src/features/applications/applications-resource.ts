import { crudPaths, defineResource } from '../../api/resource'
import { APPLICATIONS, type Application, type ApplicationInput } from '../../contract/application'
import type { PageShown } from '../../ui/list-search'

declare module '../../core/resources' {
  interface ResourceNames {
    applications: true
  }
}

/**
 * Applications on the client. The name and the paths come from the contract's declaration, the same
 * one the platform serves them from: a plain list, so no `fetchList`.
 */
export const applications = defineResource<Application, ApplicationInput, PageShown>({
  ...crudPaths(APPLICATIONS),
  schema: (a) => a.namedAnswer,
  label: (application) => application.name,
  form: () => '/me/applications/{-$id}/edit',
})
