import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderInConsole } from '../../test-render'
import { TaskScheduleState } from './task-schedule-state'

const show = (task: Parameters<typeof TaskScheduleState>[0]['task'], locale: 'en' | 'fi' = 'en') =>
  renderInConsole(<TaskScheduleState task={task} />, { locale, timeZone: 'UTC' })

const overdue = new Date(Date.now() - 5 * 60_000).toISOString()

describe('whether a task is scheduled, apart from its last run', () => {
  it('shows a scheduled task whose slot is overdue as late, with when it was due, in both languages', () => {
    const { unmount } = show({ status: 'running', scheduled: true, nextRunAt: overdue })
    expect(screen.getByTestId('task-late').textContent).toMatch(/^⏰Late: due \d/)
    unmount()
    show({ status: 'error', scheduled: true, nextRunAt: overdue }, 'fi')
    expect(screen.getByTestId('task-late').textContent).toMatch(/^⏰Myöhässä: erääntyi \d/)
  })

  it('is not late before the slot is overdue, nor when stopped', () => {
    const soon = new Date(Date.now() + 60_000).toISOString()
    const { container, unmount } = show({ status: 'running', scheduled: true, nextRunAt: soon })
    expect(container.textContent).toBe('')
    unmount()
    show({ status: 'stopped', scheduled: false, nextRunAt: overdue })
    expect(screen.queryByTestId('task-late')).toBeNull()
  })

  it('says a task whose last run failed is still scheduled, or not', () => {
    const { unmount } = show({ status: 'warning', scheduled: true })
    expect(screen.getByText('Scheduled')).toBeTruthy()
    unmount()
    show({ status: 'error', scheduled: false })
    expect(screen.getByText('Not scheduled')).toBeTruthy()
  })
})
