import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl'

/** The platform's enumerated values as shown: every known one in the chosen language, others as they came. */
const statuses: Record<string, MessageDescriptor> = defineMessages({
  success: { id: 'enum.status.success', defaultMessage: 'success' },
  warning: { id: 'enum.status.warning', defaultMessage: 'warning' },
  error: { id: 'enum.status.error', defaultMessage: 'error' },
  info: { id: 'enum.status.info', defaultMessage: 'info' },
  active: { id: 'enum.status.active', defaultMessage: 'active' },
  revoked: { id: 'enum.status.revoked', defaultMessage: 'revoked' },
  expired: { id: 'enum.status.expired', defaultMessage: 'expired' },
  running: { id: 'enum.status.running', defaultMessage: 'running' },
  stopped: { id: 'enum.status.stopped', defaultMessage: 'stopped' },
})

const categories: Record<string, MessageDescriptor> = defineMessages({
  tasks: { id: 'enum.category.tasks', defaultMessage: 'tasks' },
  products: { id: 'enum.category.products', defaultMessage: 'products' },
  integration: { id: 'enum.category.integration', defaultMessage: 'integration' },
  auth: { id: 'enum.category.auth', defaultMessage: 'sign-in' },
  contracts: { id: 'enum.category.contracts', defaultMessage: 'contracts' },
  applications: { id: 'enum.category.applications', defaultMessage: 'applications' },
  'data-formats': { id: 'enum.category.dataFormats', defaultMessage: 'data formats' },
})

const targetTypes: Record<string, MessageDescriptor> = defineMessages({
  task: { id: 'enum.target.task', defaultMessage: 'task' },
  product: { id: 'enum.target.product', defaultMessage: 'product' },
  'data-format': { id: 'enum.target.dataFormat', defaultMessage: 'data format' },
  contract: { id: 'enum.target.contract', defaultMessage: 'contract' },
  token: { id: 'enum.target.token', defaultMessage: 'token' },
  application: { id: 'enum.target.application', defaultMessage: 'application' },
  dataproduct: { id: 'enum.target.dataproduct', defaultMessage: 'data product' },
  datasource: { id: 'enum.target.datasource', defaultMessage: 'data source' },
  'datasource-template': { id: 'enum.target.template', defaultMessage: 'template' },
  connector: { id: 'enum.target.connector', defaultMessage: 'connector' },
  transformer: { id: 'enum.target.transformer', defaultMessage: 'transformer' },
})

const pick = (table: Record<string, MessageDescriptor>) => (intl: IntlShape, value: string) => {
  const descriptor = Object.hasOwn(table, value) ? table[value] : undefined
  return descriptor ? intl.formatMessage(descriptor) : value
}

export const statusText = pick(statuses)
export const categoryText = pick(categories)
export const targetTypeText = pick(targetTypes)
