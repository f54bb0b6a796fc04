import { onDemand } from './on-demand'

/**
 * The shared dialogs as parts loaded on demand (`OnDemand`): Radix's dialog comes with them, once the
 * screen that may open one is shown, not before its first rows.
 */
export const confirmDialog = onDemand(
  () => import('./confirm-dialog'),
  (m) => m.ConfirmDialog,
)

export const deleteDialog = onDemand(
  () => import('./delete-dialog'),
  (m) => m.DeleteDialog,
)
