import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { UNREADABLE, type Unreadable } from '../contract/reading'
import { renderInConsole } from '../test-render'
import { DataTable } from './data-table'

interface Row {
  id: string
  name: string
}

const unreadable: Unreadable = {
  id: `${UNREADABLE}:1`,
  [UNREADABLE]: {
    raw: { id: 'x', jobs: 'weekly' },
    path: '1.jobs',
    expected: 'Invalid input: expected array, received string',
  },
}

describe('a row the console cannot read', () => {
  it('is said as such with its raw content folded away, and the other rows show', () => {
    renderInConsole(
      <DataTable<Row>
        caption="Things"
        columns={[{ id: 'name', header: 'Name', cell: (r) => r.name.toUpperCase() }]}
        rows={[{ id: 'a', name: 'alpha' }, unreadable as unknown as Row]}
        rowKey={(r) => r.id}
        rowTestId="row"
        actions={(r) => <button type="button">Edit {r.name}</button>}
      />,
    )
    const rows = screen.getAllByTestId('row')
    expect(rows).toHaveLength(2)
    expect(rows[0]?.textContent).toContain('ALPHA')
    const bad = within(rows[1] as HTMLElement)
    expect(
      bad.getByText(/This item could not be read: jobs is not as expected \(expected a list, got text\)/),
    ).toBeTruthy()
    expect(bad.getByText('What the platform sent')).toBeTruthy()
    expect(bad.getByText(/"weekly"/)).toBeTruthy()
    expect(bad.queryByRole('button', { name: /Edit/ })).toBeNull()
  })
})
