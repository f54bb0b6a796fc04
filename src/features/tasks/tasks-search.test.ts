import { afterEach, describe, expect, it } from 'vitest'
import { dataFormatsSearch } from '../data-formats/data-formats-search'
import { runsSearch, tasksSearch } from './tasks-search'

afterEach(() => localStorage.clear())

describe('list search schemas', () => {
  it('keeps the tasks list’s known sort and statuses, drops the rest, and cuts long text', () => {
    expect(tasksSearch({ sort: 'name:asc', status: 'running,error', q: 'sync' })).toEqual({
      page: 1,
      limit: 10,
      sort: 'name:asc',
      status: 'running,error',
      q: 'sync',
    })
    expect(tasksSearch({ sort: 'password:asc', status: 'running,gone', q: '', page: -2, limit: 7 })).toEqual({
      page: 1,
      limit: 10,
      sort: undefined,
      status: undefined,
      q: undefined,
    })
    expect(tasksSearch({ q: 'x'.repeat(300) }).q).toHaveLength(200)
  })

  it('takes page and limit from the address, else those stored for the list', () => {
    localStorage.setItem('data-formats.currentPage', '4')
    localStorage.setItem('data-formats.limit', '50')
    expect(dataFormatsSearch({})).toEqual({ page: 4, limit: 50 })
    expect(dataFormatsSearch({ page: '2', limit: 20 })).toEqual({ page: 2, limit: 20 })
    expect(dataFormatsSearch({ page: 'two', limit: 30 })).toEqual({ page: 4, limit: 50 })
  })

  it('pages a task’s run history in the address, dropping a page that cannot be', () => {
    expect(runsSearch({ runsPage: 3, runsLimit: 5 })).toEqual({ runsPage: 3, runsLimit: 5 })
    expect(runsSearch({ runsPage: 0, runsLimit: 7 })).toEqual({
      runsPage: undefined,
      runsLimit: undefined,
    })
  })
})
