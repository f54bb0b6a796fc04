// The bench's stack floor: the console's own React and react-intl, and nothing else, rendering the
// data formats list's ten rows (the platform's seed) from a bundle in a service worker's cache. No
// router, no query cache, no stored data, no shell: the least any console on this stack can take to
// its first row on a warm start, timed in the same run as the console's own first row.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { FormattedMessage, IntlProvider } from 'react-intl'

const CODES = ['JSON', 'XML', 'CSV', 'JSON_LD', 'AVRO', 'PARQUET', 'GEOJSON', 'SENML', 'NGSI_LD', 'EDIFACT']
const TYPES = ['json', 'xml', 'csv', 'json-ld']
const rows = CODES.map((code, at) => ({
  code,
  name: code.replace('_', '-'),
  type: TYPES[at % TYPES.length],
  description: `${code} documents`,
}))

const messages = {
  title: 'Data Formats',
  code: 'Code',
  name: 'Name',
  type: 'Type',
  description: 'Description',
}

function Floor() {
  return (
    <main>
      <h1>
        <FormattedMessage id="title" />
      </h1>
      <table>
        <thead>
          <tr>
            {(['code', 'name', 'type', 'description'] as const).map((id) => (
              <th key={id} scope="col">
                <FormattedMessage id={id} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.code} data-testid="data-format-row">
              <td>
                <a href={`#${row.code}`}>{row.code}</a>
              </td>
              <td>{row.name}</td>
              <td>{row.type}</td>
              <td>{row.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  )
}

const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <IntlProvider locale="en" messages={messages}>
        <Floor />
      </IntlProvider>
    </StrictMode>,
  )
navigator.serviceWorker?.register('/sw.js')
