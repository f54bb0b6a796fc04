import { describe, expect, it } from 'vitest'
import { filtersOf, parseEventsSearch } from './events-search'

describe('events search', () => {
  it('keeps valid filters and drops bad values', () => {
    expect(
      parseEventsSearch(
        {
          type: ' TASK_RUN_FAILED ',
          status: '',
          from: '2026-11-01',
          to: 'yesterday',
          limit: '40',
          event: 'e1',
        },
        false,
      ),
    ).toEqual({
      type: 'TASK_RUN_FAILED',
      status: undefined,
      category: undefined,
      targetType: undefined,
      app: undefined,
      from: '2026-11-01',
      to: undefined,
      error: undefined,
      limit: 40,
      event: 'e1',
    })
    expect(parseEventsSearch({ limit: 5 }, false).limit).toBeUndefined()
    expect(parseEventsSearch({ limit: 20_000 }, false).limit).toBeUndefined()
  })

  it('takes the stored error filter unless the URL says otherwise', () => {
    expect(parseEventsSearch({}, true).error).toBe(true)
    expect(parseEventsSearch({ error: 'false' }, true).error).toBeUndefined()
    expect(parseEventsSearch({ error: true }, false).error).toBe(true)
  })

  it('turns the date range into whole local days', () => {
    const f = filtersOf({ from: '2026-11-01', to: '2026-11-02', app: 'orchestrator' })
    expect(new Date(f.from ?? '').getHours()).toBe(0)
    expect(new Date(f.from ?? '').getDate()).toBe(1)
    expect(Date.parse(f.to ?? '') - Date.parse(f.from ?? '')).toBe(2 * 86_400_000 - 1)
    expect(f.appName).toBe('orchestrator')
  })
})
