import { onDemand } from '../../ui/on-demand'

/**
 * The catalog's delete dialog (Radix's dialog with it, some 16 KB gzip) is not part of a list's or a
 * product's first screen: a visitor has no delete button, and a signed-in user's screen fetches it once
 * the page is idle.
 */
export const catalogDeleteDialog = onDemand(
  () => import('./catalog-delete-dialog'),
  (m) => m.CatalogDeleteDialog,
)
