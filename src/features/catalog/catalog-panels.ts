import type { ReactNode } from 'react'

/**
 * Slots for parts of the catalog screens that another area builds (the commerce engineer):
 * the ROUTE file fills them; a tab or section is rendered only when its slot is given.
 * - `contracts`: a product's contracts (product form tab "Contracts", detail section)
 * - `credentials`: a product's credentials (product form tab "Credentials", detail section)
 * - `files`: a transformer's raw and JSON input and output files (transformer form tab "Files")
 * - `taskMeta`: a source's task and meta data (source form tab "Task and meta data")
 */
export interface CatalogPanels {
  contracts?: ReactNode
  credentials?: ReactNode
  files?: ReactNode
  taskMeta?: ReactNode
}
