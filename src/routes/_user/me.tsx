import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { tokensQuery } from '../../api/tokens'
import { meQuery } from '../../api/users'
import { getSession } from '../../core/session'
import { ProfileScreen } from '../../features/profile/profile-screen'

export const Route = createFileRoute('/_user/me')({
  staticData: {
    menu: {
      label: defineMessage({ id: 'menu.profile', defaultMessage: 'Profile' }),
      icon: 'profile',
      order: 70,
    },
  },
  // Fill the cache without waiting: offline the cached profile shows at once.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(meQuery())
    const userId = getSession()?.user.id
    if (userId) void context.queryClient.prefetchQuery(tokensQuery(userId))
  },
  component: ProfileScreen,
})
