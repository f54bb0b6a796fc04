import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { meQuery, permissionsQuery, rolesQuery } from '../../api/users'
import { IfPermitted } from '../../auth/permitted'
import { useSession } from '../../core/session'
import { ErrorNotice } from '../../ui/error-notice'
import { FetchedAt } from '../../ui/fetched-at'
import { PageHeader } from '../../ui/page-header'
import { DevicesSection } from './devices-section'
import { TokensSection } from './tokens-section'

const card = 'rounded-lg bg-white p-4 shadow-sm'

/** The profile: personal information, role, permissions, applications, and the access tokens. */
export function ProfileScreen() {
  const session = useSession()
  const userId = session?.user.id ?? ''
  const me = useQuery(meQuery())
  const roles = useQuery({ ...rolesQuery(userId), enabled: userId !== '' })
  const permissions = useQuery({ ...permissionsQuery(userId), enabled: userId !== '' })
  const user = me.data ?? session?.user
  const roleNames = roles.data?.map((r) => r.name) ?? (me.data?.role ? [me.data.role] : [])
  const permissionList = permissions.data ?? me.data?.permissions ?? []

  return (
    <div className="space-y-4">
      <PageHeader
        title={<FormattedMessage id="page.profile" defaultMessage="Profile" />}
        actions={
          <FetchedAt
            updatedAt={me.dataUpdatedAt}
            fetching={me.isFetching}
            failed={me.isError}
            onRetry={() => void me.refetch()}
          />
        }
      />
      {me.isError && !me.data && <ErrorNotice error={me.error} onRetry={() => void me.refetch()} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="personal-title" className={card}>
          <h2 id="personal-title" className="mb-3 text-lg font-semibold text-gray-900">
            <FormattedMessage id="profile.personal" defaultMessage="Personal information" />
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <Item label={<FormattedMessage id="profile.firstName" defaultMessage="First name" />}>
              {user?.firstName}
            </Item>
            <Item label={<FormattedMessage id="profile.lastName" defaultMessage="Last name" />}>
              {user?.lastName}
            </Item>
            <Item label={<FormattedMessage id="profile.email" defaultMessage="Email" />}>{user?.email}</Item>
            <Item label={<FormattedMessage id="profile.id" defaultMessage="User id" />}>
              <span className="font-mono text-xs">{user?.id}</span>
            </Item>
            <Item label={<FormattedMessage id="profile.role" defaultMessage="Role" />}>
              <span data-testid="profile-role">{roleNames.join(', ')}</span>
            </Item>
          </dl>
        </section>
        <section aria-labelledby="applications-title" className={card}>
          <h2 id="applications-title" className="mb-3 text-lg font-semibold text-gray-900">
            <FormattedMessage id="profile.applications" defaultMessage="Applications" />
          </h2>
          <ul className="list-inside list-disc text-sm">
            {(me.data?.applications ?? []).map((a) => (
              <li key={a.id}>{a.name}</li>
            ))}
          </ul>
          <IfPermitted check={{ type: 'applications', actions: 'read' }}>
            <Link to="/me/applications" className="mt-3 inline-block text-sm text-primary-800 underline">
              <FormattedMessage id="profile.manageApplications" defaultMessage="All applications" />
            </Link>
          </IfPermitted>
        </section>
      </div>
      <section aria-labelledby="permissions-title" className={card}>
        <h2 id="permissions-title" className="mb-3 text-lg font-semibold text-gray-900">
          <FormattedMessage id="profile.permissions" defaultMessage="Permissions" />
        </h2>
        {permissionList.length === 0 ? (
          <p className="text-sm text-gray-600">
            <FormattedMessage id="profile.noPermissions" defaultMessage="No permissions" />
          </p>
        ) : (
          <ul className="flex flex-wrap gap-1.5" data-testid="permissions">
            {permissionList.map((p) => (
              <li
                key={`${p.name}:${p.entityId ?? ''}:${p.applicationId ?? ''}`}
                className="rounded bg-gray-100 px-2 py-0.5 font-mono text-xs text-gray-900"
              >
                {p.name}
                {p.entityId ? ` · ${p.entityId}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
      {userId && <TokensSection userId={userId} />}
      {userId && <DevicesSection />}
    </div>
  )
}

function Item({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-gray-700">{label}</dt>
      <dd className="min-w-0 break-words text-gray-900">{children || '—'}</dd>
    </>
  )
}
