import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  beginNotingReads,
  completes,
  dropEarlyRequests,
  EARLY_PREFIX,
  endNotingReads,
  forgetReads,
  readStoredToken,
  rememberReads,
  requestScope,
  startEarlyRequests,
} from '../core/early-requests'
import { queryClient } from '../core/query-client'
import { environmentSetting, organizationSetting, versionSetting } from '../core/scope'
import { saveSession } from '../core/session'
import { fetchCatalogList } from './catalog'
import { dataFormatsQuery } from './data-formats'

const fetchMock = vi.fn<typeof fetch>()
/** Each answer names the call it answers, so a test can tell which request's data the screen got. */
let answered = 0
const listAnswer = () => {
  answered += 1
  const n = answered
  return new Response(
    JSON.stringify({
      success: true,
      result: { itemList: [{ id: `df-${n}`, name: `Answer ${n}`, dataFormatCode: `C${n}` }] },
      pagination: { totalCount: 1 },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  )
}
const FIRST_PAGE = '/api/sandbox/products/v2/data-formats?limit=10&offset=0&sort=updatedAt%3Adesc'
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    headers: (init?.headers ?? {}) as Record<string, string>,
    signal: init?.signal ?? undefined,
  }))
const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

/** What the console does at a start: the first screen's loader reads, noted and remembered. */
async function firstStart(address = '/data-formats') {
  beginNotingReads()
  await queryClient.fetchQuery(dataFormatsQuery({ page: 1, limit: 10 }))
  endNotingReads(requestScope('sandbox', 'v2', organizationSetting.get()))
  rememberReads([address])
  queryClient.clear()
  fetchMock.mockClear()
}

const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true })

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockReset()
  answered = 0
  fetchMock.mockImplementation(async () => listAnswer())
  localStorage.clear()
  environmentSetting.clear()
  versionSetting.clear()
  organizationSetting.clear()
  queryClient.clear()
  setOnline(true)
  await saveSession({
    kind: 'developer',
    user: { id: 'u1', email: 'a@b.c' },
    token: 'tok-1',
    expiresAt: Date.now() + 3_600_000,
  })
})
afterEach(() => {
  dropEarlyRequests()
  vi.unstubAllGlobals()
  setOnline(true)
})

describe('early first reads (the entry script sends what the screen will ask)', () => {
  it('remembers the first screen loader reads for the address, in its scope', async () => {
    await firstStart()
    expect(JSON.parse(localStorage.getItem(`${EARLY_PREFIX}/data-formats`) ?? '{}')).toEqual({
      scope: 'sandbox|v2|',
      urls: [FIRST_PAGE],
    })
  })

  it('remembers them for the address the console completes the opened one to, not for another page', () => {
    expect(completes('/data-formats?page=1&limit=10', '/data-formats')).toBe(true)
    expect(completes('/data-formats?page=1&limit=10', '/data-formats?page=1')).toBe(true)
    expect(completes('/data-formats?page=2&limit=10', '/data-formats?page=1')).toBe(false)
    expect(completes('/tasks?page=1', '/data-formats')).toBe(false)
  })

  it('reads the session token from the boot store without the console', async () => {
    expect(await readStoredToken()).toMatchObject({ token: 'tok-1' })
  })

  it('sends the read at once, and the list query adopts it: one request only', async () => {
    await firstStart()
    expect(startEarlyRequests('/data-formats')).toBe(1)
    await settle()
    expect(calls()).toHaveLength(1)
    expect(calls()[0]).toMatchObject({
      url: FIRST_PAGE,
      headers: { Accept: 'application/json', Authorization: 'Bearer tok-1' },
    })
    const list = await queryClient.fetchQuery(dataFormatsQuery({ page: 1, limit: 10 }))
    expect(calls()).toHaveLength(1)
    // The first start's answer was 1, the early read's is 2.
    expect(list.items.map((f) => f.name)).toEqual(['Answer 2'])
  })

  it('is adopted even when the console asks before the token was read', async () => {
    await firstStart()
    startEarlyRequests('/data-formats')
    const list = await queryClient.fetchQuery(dataFormatsQuery({ page: 1, limit: 10 }))
    expect(calls()).toHaveLength(1)
    expect(list.items).toHaveLength(1)
  })

  it('is dropped when the organization changed before the console asked: the console asks itself', async () => {
    organizationSetting.set('org-1')
    await firstStart()
    startEarlyRequests('/data-formats')
    await settle()
    expect(calls()[0]?.headers['Organization-Id']).toBe('org-1')
    // Another tab switched the organization while this one loaded.
    organizationSetting.set('org-2')
    const list = await queryClient.fetchQuery(dataFormatsQuery({ page: 1, limit: 10 }))
    expect(calls()).toHaveLength(2)
    expect(calls()[0]?.signal?.aborted).toBe(true)
    expect(calls()[1]).toMatchObject({ url: FIRST_PAGE, headers: { 'Organization-Id': 'org-2' } })
    // The screen shows the answer to its own request, not the early one.
    expect(list.items.map((f) => f.name)).toEqual(['Answer 3'])
  })

  it('is dropped when the screen asks another page or limit, once the first screen has loaded', async () => {
    await firstStart()
    startEarlyRequests('/data-formats')
    await settle()
    await queryClient.fetchQuery(dataFormatsQuery({ page: 2, limit: 10 }))
    expect(calls().map((c) => c.url)).toEqual([FIRST_PAGE, FIRST_PAGE.replace('offset=0', 'offset=10')])
    expect(calls()[0]?.signal?.aborted).toBe(false)
    dropEarlyRequests()
    expect(calls()[0]?.signal?.aborted).toBe(true)
    // Not adopted later either.
    await queryClient.fetchQuery(dataFormatsQuery({ page: 1, limit: 10 }))
    expect(calls()).toHaveLength(3)
  })

  it('is not sent when the stored scope is not the one the reads were made in', async () => {
    await firstStart()
    environmentSetting.set('production')
    expect(startEarlyRequests('/data-formats')).toBe(0)
    versionSetting.set('v1')
    environmentSetting.clear()
    expect(startEarlyRequests('/data-formats')).toBe(0)
    await settle()
    expect(calls()).toHaveLength(0)
  })

  it('is not sent offline: the persisted cache serves the screen', async () => {
    await firstStart()
    setOnline(false)
    expect(startEarlyRequests('/data-formats')).toBe(0)
    await settle()
    expect(calls()).toHaveLength(0)
  })

  it('is not sent signed out, nor with a token about to expire', async () => {
    await firstStart()
    startEarlyRequests('/data-formats', async () => undefined)
    startEarlyRequests('/tasks', async () => ({ token: 'tok-1', expiresAt: Date.now() + 5_000 }))
    await settle()
    expect(calls()).toHaveLength(0)
    // The console then asks itself, once.
    await queryClient.fetchQuery(dataFormatsQuery({ page: 1, limit: 10 }))
    expect(calls()).toHaveLength(1)
  })

  it('sends only the platform API paths of this origin', async () => {
    localStorage.setItem(
      `${EARLY_PREFIX}/x`,
      JSON.stringify({
        scope: 'sandbox|v2|',
        urls: ['https://elsewhere.example/api/x', '//evil/api', '/oidc/x'],
      }),
    )
    expect(startEarlyRequests('/x')).toBe(0)
  })

  it('a failed early read is the adopted answer: the query sees no answer and may ask again', async () => {
    await firstStart()
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    startEarlyRequests('/data-formats')
    await settle()
    const list = await queryClient.fetchQuery({
      ...dataFormatsQuery({ page: 1, limit: 10 }),
      retry: 1,
      retryDelay: 0,
    })
    expect(calls()).toHaveLength(2)
    expect(list.items).toHaveLength(1)
  })

  it('forgets every remembered read (a sign-out or another user)', async () => {
    await firstStart()
    forgetReads()
    expect(localStorage.getItem(`${EARLY_PREFIX}/data-formats`)).toBeNull()
  })
})

describe('a first visit of the public catalog (nothing remembered)', () => {
  beforeEach(async () => {
    await saveSession(null)
  })
  const never = () => new Promise<undefined>(() => {})

  // The list's parameters as the catalog opens with no search (its screen's own test in the browser:
  // tests/e2e/early-reads.spec.ts).
  it('sends the catalog list read at once, without a token, and the list adopts it: one request', async () => {
    // Sent before the session is read: a first visit creates the boot database, which takes a while.
    expect(startEarlyRequests('/products', never)).toBe(1)
    expect(calls()).toHaveLength(1)
    expect(calls()[0]?.headers.Authorization).toBeUndefined()
    await fetchCatalogList('dataproduct', {
      page: 1,
      limit: 10,
      sortBy: 'updatedAt',
      sortOrder: 'desc',
    }).catch(() => undefined)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('sends nothing for another address, a stored page or size, or an organization', () => {
    expect(startEarlyRequests('/products?page=2', never)).toBe(0)
    expect(startEarlyRequests('/sources', never)).toBe(0)
    localStorage.setItem('products.limit', '20')
    expect(startEarlyRequests('/products', never)).toBe(0)
    localStorage.clear()
    organizationSetting.set('org-1')
    expect(startEarlyRequests('/products', never)).toBe(0)
    expect(calls()).toHaveLength(0)
  })

  it('a visit read signed out is remembered as such, and sent again without a token', async () => {
    beginNotingReads()
    await fetchCatalogList('dataproduct', {
      page: 1,
      limit: 20,
      sortBy: 'updatedAt',
      sortOrder: 'desc',
    }).catch(() => undefined)
    endNotingReads(requestScope('sandbox', 'v2', ''))
    rememberReads(['/products?page=1&limit=20'], { anonymous: true })
    fetchMock.mockClear()
    expect(startEarlyRequests('/products?page=1&limit=20', never)).toBe(1)
    expect(calls()[0]?.url).toContain('limit=20')
    expect(calls()[0]?.headers.Authorization).toBeUndefined()
  })

  it("a start that finds no one signed in keeps a visitor's reads; a sign-out forgets them", () => {
    localStorage.setItem(
      `${EARLY_PREFIX}/products`,
      JSON.stringify({ scope: 'sandbox|v2|', urls: ['/api/x'], anonymous: true }),
    )
    localStorage.setItem(`${EARLY_PREFIX}/tasks`, JSON.stringify({ scope: 'sandbox|v2|', urls: ['/api/y'] }))
    expect(startEarlyRequests('/products', never)).toBe(1)
    forgetReads({ keepAnonymous: true })
    expect(localStorage.getItem(`${EARLY_PREFIX}/products`)).not.toBeNull()
    expect(localStorage.getItem(`${EARLY_PREFIX}/tasks`)).toBeNull()
    // The visitor's read in flight was kept, not aborted.
    expect(calls()[0]?.signal?.aborted).toBe(false)
    forgetReads()
    expect(localStorage.getItem(`${EARLY_PREFIX}/products`)).toBeNull()
    expect(calls()[0]?.signal?.aborted).toBe(true)
  })
})
