import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dataFormats } from '../../api/data-formats'
import { resetOnlineTracking } from '../../core/online'
import { queryClient } from '../../core/query-client'
import { saveSession } from '../../core/session'
import { db } from '../../outbox/db'
import { newLocalId } from '../../outbox/outbox'
import { useEntity, useList } from './use-entity'

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
)

beforeEach(async () => {
  await act(() =>
    saveSession({ kind: 'developer', user: { id: 'u1', email: 'u1@b.c' }, token: 't', expiresAt: 1e13 }),
  )
  await db.outbox.clear()
  await db.sent.clear()
})
// Unmounted and cleared before fetch is restored: no read reaches the network after a test, and
// no reachability probe outlives the file.
afterEach(async () => {
  cleanup()
  queryClient.clear()
  vi.restoreAllMocks()
  resetOnlineTracking()
  await saveSession(null)
})

describe('useEntity', () => {
  it('opens an entity created on this device from its queued create, without asking the platform', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    const local = newLocalId()
    await dataFormats.queueCreate(local, { dataFormatCode: 'NEW', name: 'New one' })
    const { result } = renderHook(() => useEntity(dataFormats, local), { wrapper })
    await waitFor(() => expect(result.current.current?.name).toBe('New one'))
    expect(result.current.local).toBe(true)
    expect(result.current.current?.pendingStatus).toBe('pending')
    expect(result.current.refused).toBeUndefined()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('shows a cached list row with this device’s queued edit laid over it', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}))
    const params = { page: 1, limit: 10 }
    queryClient.setQueryData(dataFormats.keys.list(params), {
      items: [{ id: 'df-1', dataFormatCode: 'CSV', name: 'Csv', updatedAt: '2026-01-01T00:00:00Z' }],
      totalCount: 1,
    })
    await dataFormats.queueUpdate(
      { id: 'df-1', updatedAt: '2026-01-01T00:00:00Z' },
      { dataFormatCode: 'CSV', name: 'Comma separated' },
    )
    const entity = renderHook(() => useEntity(dataFormats, 'df-1'), { wrapper })
    await waitFor(() => expect(entity.result.current.current?.name).toBe('Comma separated'))
    expect(entity.result.current.local).toBe(false)
    const list = renderHook(() => useList(dataFormats, params), { wrapper })
    await waitFor(() => expect(list.result.current.items[0]?.name).toBe('Comma separated'))
    expect(list.result.current.total).toBe(1)
    expect(list.result.current.items[0]?.pendingStatus).toBe('pending')
  })
})
