import { createFileRoute } from '@tanstack/react-router'
import { SyncCentre } from '../../features/outbox/sync-centre'

export const Route = createFileRoute('/_user/outbox')({
  component: SyncCentre,
})
