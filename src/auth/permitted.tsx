import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { PermissionCheck } from './permissions'
import { usePermission } from './use-permission'

/** Shows its children only to a user who may do what the check names. */
export function IfPermitted({ check, children }: { check: PermissionCheck; children: ReactNode }) {
  return usePermission(check).allowed ? children : null
}

/**
 * For an action the user may see but not do: `disabled` and the reason, to put on its control
 * (as `disabled` and `title`), so it is never offered and then refused by the platform.
 */
export function usePermittedAction(check: PermissionCheck): { disabled: boolean; reason?: string } {
  const intl = useIntl()
  const { allowed } = usePermission(check)
  return allowed
    ? { disabled: false }
    : {
        disabled: true,
        reason: intl.formatMessage({
          id: 'permission.denied',
          defaultMessage: 'You do not have permission to do this.',
        }),
      }
}

/** A whole screen (a create or edit form) for users who may do its action; others are told why. */
export function PermittedScreen({ check, children }: { check: PermissionCheck; children: ReactNode }) {
  const { allowed } = usePermission(check)
  if (allowed) return children
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-6xl font-bold text-primary-700">403</p>
      <h1 className="mt-4 text-2xl font-semibold">
        <FormattedMessage id="permission.screenTitle" defaultMessage="Not permitted" />
      </h1>
      <p className="mt-2 text-gray-600">
        <FormattedMessage
          id="permission.screenText"
          defaultMessage="Your account does not have the permission this screen needs. Ask an administrator."
        />
      </p>
    </section>
  )
}
