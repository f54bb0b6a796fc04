/** The connector actions a task can run (id, name, description, options), served by GET /{env}/actions. */
export const ACTION_SCHEMAS = [
  {
    id: 'http-get',
    name: 'HTTP GET',
    description: 'Fetch a resource from a URL',
    options: [
      { title: 'url', rules: ['required', 'url'] },
      { title: 'headers', rules: ['object'] },
    ],
  },
  {
    id: 'http-post',
    name: 'HTTP POST',
    description: 'Send the input to a URL',
    options: [
      { title: 'url', rules: ['required', 'url'] },
      { title: 'body', rules: ['object'] },
    ],
  },
  {
    id: 'transform',
    name: 'Transform',
    description: 'Map the input with a transformer',
    options: [{ title: 'transformerId', rules: ['required'] }],
  },
  {
    id: 'store-file',
    name: 'Store file',
    description: 'Write the input to a file store',
    options: [{ title: 'path', rules: ['required'] }],
  },
  {
    id: 'notify',
    name: 'Notify',
    description: 'Send a notification',
    options: [{ title: 'channel', rules: ['required', 'enum'], values: ['email', 'sms', 'webhook'] }],
  },
  {
    id: 'sql-query',
    name: 'SQL query',
    description: 'Run a read-only query',
    options: [
      { title: 'query', rules: ['required'] },
      { title: 'timeoutMs', rules: ['digits'] },
    ],
  },
]
