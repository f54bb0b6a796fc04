import { createFileRoute } from '@tanstack/react-router'
import { defineMessage } from 'react-intl'
import { SyncCentre } from '../../features/outbox/sync-centre'

export const Route = createFileRoute('/_user/outbox')({
  staticData: {
    menu: {
      label: defineMessage({ id: 'menu.outbox', defaultMessage: 'Sync centre' }),
      icon: 'outbox',
      order: 80,
    },
  },
  component: SyncCentre,
})
