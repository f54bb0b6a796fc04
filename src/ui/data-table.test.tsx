import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderInConsole } from '../test-render'
import { type Column, DataTable, type OverlayFields, type SortState } from './data-table'

interface Row extends OverlayFields {
  id: string
  name: string
  code: string
}

const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', sortField: 'name', pendingBadge: true, cell: (r) => r.name },
  { id: 'code', header: 'Code', priority: 'md', cell: (r) => r.code },
]

const query = (over: Partial<{ isPending: boolean; isError: boolean; error: unknown; data: unknown }>) => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined as unknown,
  refetch: vi.fn(),
  ...over,
})

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return renderInConsole(
    <DataTable<Row>
      caption="Things"
      columns={columns}
      rows={[]}
      rowKey={(r) => r.id}
      rowTestId="row"
      {...props}
    />,
  )
}

describe('the list table', () => {
  it('says loading, failed (with a retry) and empty in its one row while there are no rows', async () => {
    const { rerender } = renderTable({ query: query({ isPending: true }) })
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    const failed = query({ isError: true, error: { status: 500, message: 'Boom' } })
    rerender(
      <DataTable<Row> caption="Things" columns={columns} rows={[]} rowKey={(r) => r.id} query={failed} />,
    )
    // The failure's wording loads as a failure is shown.
    fireEvent.click(await screen.findByRole('button', { name: /retry|try again/i }))
    expect(failed.refetch).toHaveBeenCalled()
    rerender(
      <DataTable<Row>
        caption="Things"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        query={query({ data: { items: [] } })}
        emptyText="None here"
      />,
    )
    expect(screen.getByRole('table', { name: 'Things' }).textContent).toContain('None here')
  })

  it('shows the outbox overlay: a queued delete struck through, the badge in its column', () => {
    renderTable({
      rows: [
        { id: '1', name: 'Kept', code: 'K' },
        { id: '2', name: 'Going', code: 'G', pending: 'delete', pendingStatus: 'pending' },
        { id: '3', name: 'Stuck', code: 'S', pending: 'update', pendingStatus: 'conflict' },
      ],
      query: query({ data: {} }),
    })
    const rows = screen.getAllByTestId('row')
    expect(rows).toHaveLength(3)
    expect(rows[0]?.className).not.toContain('line-through')
    expect(rows[1]?.className).toContain('line-through')
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('GoingWaiting to sync')
    expect(rows[2]?.textContent).toContain('Not synced: see sync centre')
    // No loading or empty row beside real rows.
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('hides lower-priority columns below their width and sorts by the platform field, descending first', () => {
    const onSort = vi.fn()
    const sort: SortState = { sortBy: 'updatedAt', sortOrder: 'desc' }
    renderTable({ rows: [{ id: '1', name: 'A', code: 'C' }], sort, onSort })
    expect(screen.getByRole('columnheader', { name: 'Code' }).className).toContain('hidden md:table-cell')
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /Name/ }))
    expect(onSort).toHaveBeenCalledWith({ sortBy: 'name', sortOrder: 'desc' })
  })

  it('gives every row its actions slot and the list its pagination', () => {
    const onChange = vi.fn()
    renderTable({
      rows: [{ id: '1', name: 'A', code: 'C' }],
      actions: (row) => <button type="button">Delete {row.name}</button>,
      pagination: { page: 1, limit: 10, totalCount: 25, sizes: [10, 20], onChange },
    })
    expect(screen.getByRole('button', { name: 'Delete A' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(onChange).toHaveBeenCalledWith({ page: 2 })
  })

  it('names a stacked cell by its header', () => {
    renderTable({
      rows: [{ id: '1', name: 'A', code: 'C' }],
      columns: [{ id: 'code', header: 'Code', stackLabel: true, cell: (r) => r.code }],
      stack: true,
    })
    expect(screen.getByRole('cell').textContent).toBe('Code: C')
  })
})
