import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { StatusPanel } from '../ui/status-panel'
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

/** What an entity's row or detail offers: Edit shown only with the update permission, Delete disabled with the reason. */
export function useEntityActions(type: string, entityId?: string) {
  const entityIds = entityId
  return {
    mayUpdate: usePermission({ type, actions: 'update', entityIds }).allowed,
    deleteAction: usePermittedAction({ type, actions: 'delete', entityIds }),
  }
}

/** A whole screen (a create or edit form) for users who may do its action; others are told why. */
export function PermittedScreen({ check, children }: { check: PermissionCheck; children: ReactNode }) {
  const { allowed } = usePermission(check)
  if (allowed) return children
  return (
    <StatusPanel
      code={403}
      title={<FormattedMessage id="permission.screenTitle" defaultMessage="Not permitted" />}
    >
      <p className="mt-2 text-gray-600">
        <FormattedMessage
          id="permission.screenText"
          defaultMessage="Your account does not have the permission this screen needs. Ask an administrator."
        />
      </p>
      <Link
        to="/"
        className="mt-6 inline-block rounded-md bg-primary-700 px-4 py-2 text-white hover:bg-primary-800"
      >
        <FormattedMessage id="error.backHome" defaultMessage="Back to home" />
      </Link>
    </StatusPanel>
  )
}
