import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl'
import type { ActionSchema } from '../../api/tasks'

const SCHEMA_NAMES: Record<string, MessageDescriptor> = defineMessages({
  'http-get': { id: 'actionSchema.httpGet', defaultMessage: 'HTTP GET' },
  'http-post': { id: 'actionSchema.httpPost', defaultMessage: 'HTTP POST' },
  transform: { id: 'actionSchema.transform', defaultMessage: 'Transform' },
  'store-file': { id: 'actionSchema.storeFile', defaultMessage: 'Store file' },
  notify: { id: 'actionSchema.notify', defaultMessage: 'Notify' },
  'sql-query': { id: 'actionSchema.sqlQuery', defaultMessage: 'SQL query' },
})

const SCHEMA_DESCRIPTIONS: Record<string, MessageDescriptor> = defineMessages({
  'http-get': { id: 'actionSchema.httpGet.description', defaultMessage: 'Fetch a resource from a URL' },
  'http-post': { id: 'actionSchema.httpPost.description', defaultMessage: 'Send the input to a URL' },
  transform: { id: 'actionSchema.transform.description', defaultMessage: 'Map the input with a transformer' },
  'store-file': {
    id: 'actionSchema.storeFile.description',
    defaultMessage: 'Write the input to a file store',
  },
  notify: { id: 'actionSchema.notify.description', defaultMessage: 'Send a notification' },
  'sql-query': { id: 'actionSchema.sqlQuery.description', defaultMessage: 'Run a read-only query' },
})

const OPTION_LABELS: Record<string, MessageDescriptor> = defineMessages({
  url: { id: 'actionOption.url', defaultMessage: 'URL' },
  headers: { id: 'actionOption.headers', defaultMessage: 'Headers' },
  body: { id: 'actionOption.body', defaultMessage: 'Body' },
  transformerId: { id: 'actionOption.transformerId', defaultMessage: 'Transformer' },
  path: { id: 'actionOption.path', defaultMessage: 'Path' },
  channel: { id: 'actionOption.channel', defaultMessage: 'Channel' },
  query: { id: 'actionOption.query', defaultMessage: 'Query' },
  timeoutMs: { id: 'actionOption.timeoutMs', defaultMessage: 'Timeout (ms)' },
})

const VALUE_LABELS: Record<string, MessageDescriptor> = defineMessages({
  email: { id: 'actionValue.email', defaultMessage: 'Email' },
  sms: { id: 'actionValue.sms', defaultMessage: 'Text message' },
  webhook: { id: 'actionValue.webhook', defaultMessage: 'Webhook' },
})

/** A name the platform did not translate reads as words: "timeoutMs" as "Timeout ms". */
function asWords(id: string): string {
  const words = id
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const known = (intl: IntlShape, table: Record<string, MessageDescriptor>, key: string) => {
  const descriptor = table[key]
  return descriptor ? intl.formatMessage(descriptor) : undefined
}

/** An action schema's name, description, option labels and enum values in the UI language. */
export function actionSchemaLabels(intl: IntlShape) {
  return {
    name: (schema: ActionSchema | undefined, actionId: string) =>
      (schema && known(intl, SCHEMA_NAMES, schema.id)) ?? schema?.name ?? asWords(actionId),
    description: (schema: ActionSchema) => known(intl, SCHEMA_DESCRIPTIONS, schema.id) ?? schema.description,
    option: (title: string) => known(intl, OPTION_LABELS, title) ?? asWords(title),
    value: (value: string) => known(intl, VALUE_LABELS, value) ?? asWords(value),
  }
}
