import type { BrowserContext, Page, Request } from '@playwright/test'
import { expect, test } from './fixtures'
import { ADMIN_TOKEN, forgetScreens, networkQuiet, platform, uniqueCode } from './support'
import { createTask, getTask, VIEWER_TOKEN } from './tasks-support'

/** The live stream's path, as the console asks it. */
const LIVE = /\/api\/sandbox\/live$/

type Tracked = Seen[] & { opened?: number }

interface Seen {
  request: Request
  path: string
  method: string
  at: number
}

/** Every request the pages of a context make, in order. */
function track(context: BrowserContext): Tracked {
  const seen: Tracked = []
  context.on('request', (request) => {
    seen.push({ request, path: new URL(request.url()).pathname, method: request.method(), at: Date.now() })
  })
  return seen
}

/**
 * The stream requests seen, leaving out one the signed-in page's first document may still make as
 * the test navigates it away (what this test counts starts with the pages it opens).
 */
const streams = (seen: Tracked) => seen.filter((s) => LIVE.test(s.path) && s.at >= (seen.opened ?? 0))

/** The streams still open or answered: one a closing document aborted is none. */
const openStreams = (seen: Tracked) => streams(seen).filter((s) => !s.request.failure())

/** Waits until a stream request made from the `from`th on has been answered 200 (the stream is open). */
async function streamOpen(seen: Tracked, from = 0) {
  let open: Seen | undefined
  await expect
    .poll(
      async () => {
        for (const s of streams(seen).slice(from)) {
          if (s.request.failure()) continue
          if ((await s.request.response())?.status() === 200) {
            open = s
            return true
          }
        }
        return false
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  const response = await open?.request.response()
  // Never answered by the service worker, never with the token in the address.
  expect(response?.fromServiceWorker()).toBe(false)
  expect(open?.request.url()).not.toContain('token')
  expect(await open?.request.headerValue('authorization')).toMatch(/^Bearer /)
  return open as Seen
}

/**
 * From now on the task lists (and a task's detail) are never answered: what they show can change only
 * by the stream. Not "never asked": other tests' new tasks, which the stream brings too, may have the
 * lists asked again, as they should (where a new task belongs only the platform knows).
 */
async function holdReads(context: BrowserContext, taskId?: string) {
  await context.route(
    (url) =>
      /^\/api\/sandbox\/tasks\/?$/.test(url.pathname) ||
      (taskId !== undefined && url.pathname === `/api/sandbox/tasks/${taskId}`),
    () => undefined,
  )
}

/** The events list is virtual: its rows are read by scrolling it from top to bottom. */
async function eventTexts(page: Page): Promise<string[]> {
  return page.getByTestId('events-scroller').evaluate(async (scroller) => {
    const byIndex = new Map<number, string>()
    scroller.scrollTop = 0
    for (let guard = 0; guard < 400; guard += 1) {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)))
      for (const row of scroller.querySelectorAll('[data-testid="event-row"]'))
        byIndex.set(Number(row.getAttribute('aria-posinset')), row.textContent ?? '')
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break
      scroller.scrollTop += scroller.clientHeight / 2
    }
    return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, text]) => text)
  })
}

test.describe('live', () => {
  test('a task started through the API changes its badge on an open list and detail, no list refetch', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const tag = uniqueCode('LIVE')
    const task = await createTask(request, { name: `${tag} badge`, code: `${tag}_B` })
    const seen = track(context)
    seen.opened = Date.now()
    await page.goto(`/tasks?q=${tag}`)
    const row = page.getByTestId('task-row').filter({ hasText: tag })
    await expect(row).toContainText('Stopped')
    const detail = await context.newPage()
    await detail.goto(`/tasks/${task.id}`)
    const heading = detail.getByRole('heading', { level: 1 })
    await expect(heading).toContainText('Stopped')
    await streamOpen(seen)
    // Both tabs show the task; one of them holds the stream and relays to the other.
    await holdReads(context, task.id)
    const started = Date.now()
    const { status } = await platform(request, 'POST', `/api/sandbox/tasks/${task.id}/start`)
    expect(status).toBe(200)
    await expect(row).toContainText('Running', { timeout: 5000 })
    await expect(heading).toContainText('Running', { timeout: 5000 })
    expect(Date.now() - started).toBeLessThan(5000)
    // One stream for both tabs.
    expect(openStreams(seen)).toHaveLength(1)
  })

  test("a device's first stream replays what changed since its screen was read, with no refetch", async ({
    signedIn: page,
    context,
    request,
  }) => {
    const tag = uniqueCode('LIVEFIRST')
    const task = await createTask(request, { name: `${tag} first`, code: `${tag}_F` })
    // A device that never read the stream: the position the sign-in's stream kept is forgotten (on a
    // page without the console, so that no closing console writes it again).
    await page.goto('/favicon.svg')
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith('live.seq:')) localStorage.removeItem(key)
    })
    // Its stream is held until the task has changed on the platform.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(LIVE, async (route) => {
      await held
      await route.continue()
    })
    const seen = track(context)
    seen.opened = Date.now()
    await page.goto(`/tasks?q=${tag}`)
    const row = page.getByTestId('task-row').filter({ hasText: tag })
    await expect(row).toContainText('Stopped')
    await expect.poll(() => streams(seen).length).toBeGreaterThan(0)
    await holdReads(context)
    const { status } = await platform(request, 'POST', `/api/sandbox/tasks/${task.id}/start`)
    expect(status).toBe(200)
    release()
    await expect(row).toContainText('Running', { timeout: 10_000 })
    // It came as a change replayed from what the list's answer held, not by asking the list again.
    expect(await streams(seen).at(-1)?.request.headerValue('last-event-id')).toMatch(/^\d+$/)
  })

  for (const { device, cursor, seqHeader } of [
    { device: 'a device that read the stream before', cursor: true, seqHeader: true },
    { device: "a device's first stream", cursor: false, seqHeader: true },
    { device: "a device's first stream, its answers without X-Live-Seq", cursor: false, seqHeader: false },
  ])
    test(`cold start, ${device}: a change made as the first rows show, before the stream connects, reaches them`, async ({
      signedIn: page,
      context,
      request,
    }) => {
      const tag = uniqueCode('LIVECOLD')
      const task = await createTask(request, { name: `${tag} cold`, code: `${tag}_C` })
      // The home screen's stream has stored its position once it read a heartbeat.
      if (cursor)
        await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('live.seq:')))
      await forgetScreens(page, { liveCursor: cursor })
      if (!seqHeader)
        // Another platform may not say which changes an answer holds: the header is taken off.
        await page.route(
          (url) => url.pathname.startsWith('/api/sandbox/') && !LIVE.test(url.pathname),
          async (route) => {
            const response = await route.fetch()
            const headers = response.headers()
            delete headers['x-live-seq']
            await route.fulfill({ response, headers })
          },
        )
      // The stream is held until the task has changed on the platform.
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route(LIVE, async (route) => {
        await held
        await route.continue()
      })
      const seen = track(context)
      seen.opened = Date.now()
      await page.goto(`/tasks?q=${tag}`)
      const row = page.getByTestId('task-row').filter({ hasText: tag })
      await expect(row).toContainText('Stopped')
      await page.evaluate(() => {
        ;(window as { sameDocument?: boolean }).sameDocument = true
      })
      const { status } = await platform(request, 'POST', `/api/sandbox/tasks/${task.id}/start`)
      expect(status).toBe(200)
      await expect.poll(() => streams(seen).length, { timeout: 15_000 }).toBeGreaterThan(0)
      const from = seen.length
      // With a position, the change can only come from the stream.
      if (seqHeader) await holdReads(context)
      release()
      await expect(row).toContainText('Running', { timeout: 10_000 })
      // No reload brought it.
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
      const stream = streams(seen).at(-1)
      const listReads = seen
        .slice(from)
        .filter((s) => s.method === 'GET' && /^\/api\/sandbox\/tasks\/?$/.test(s.path))
      if (seqHeader) {
        // A change replayed from a position the device or the list's answer held.
        expect(await stream?.request.headerValue('last-event-id')).toMatch(/^\d+$/)
      } else {
        // No position at all: the stream's first frame has the list asked again.
        expect(await stream?.request.headerValue('last-event-id')).toBeNull()
        const list = seen.find((s) => s.method === 'GET' && /^\/api\/sandbox\/tasks\/?$/.test(s.path))
        expect((await list?.request.response())?.headers()['x-live-seq']).toBeUndefined()
        expect(listReads.length).toBeGreaterThan(0)
      }
    })

  test('two tabs share one stream; when the tab holding it closes, the other connects', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const tag = uniqueCode('LIVETABS')
    const seen = track(context)
    seen.opened = Date.now()
    await page.goto(`/tasks?q=${tag}`)
    const second = await context.newPage()
    await second.goto(`/tasks?q=${tag}`)
    await expect(second.getByText('Nothing to show')).toBeVisible()
    await streamOpen(seen)
    // Several heartbeats later there is still one stream.
    await page.waitForTimeout(6000)
    expect(openStreams(seen)).toHaveLength(1)
    const held = openStreams(seen)[0]
    const leader = held?.request.frame().page()
    const other = leader === page ? second : page
    const before = streams(seen).length
    await leader?.close()
    await expect.poll(() => streams(seen).length, { timeout: 10_000 }).toBe(before + 1)
    const next = streams(seen)[before]
    expect(next?.request.frame().page()).toBe(other)
    // It resumes from where the closed tab left off.
    expect(await next?.request.headerValue('last-event-id')).toMatch(/^\d+$/)
    await streamOpen(seen, before)
    // And what it reads reaches its page: a new task of this search shows up by itself.
    await createTask(request, { name: `${tag} task`, code: `${tag}_T` })
    await expect(other.getByTestId('task-row').filter({ hasText: tag })).toBeVisible({ timeout: 5000 })
  })

  test('the stream cut while 50 events happen: all 50 appear once, in order, no full refetch', async ({
    signedIn: page,
    context,
    request,
  }) => {
    test.setTimeout(150_000)
    const tag = uniqueCode('LIVEGAP')
    const seen = track(context)
    seen.opened = Date.now()
    await page.goto('/events?limit=500')
    await expect(page.getByTestId('events-scroller')).toBeVisible()
    await streamOpen(seen)
    // The list has loaded the events the address asks for (its pages are fetched one after another).
    await expect(page.getByTestId('events-count')).toContainText(/Showing [\d,]+ of [\d,]+/)
    await networkQuiet(page)
    // The line goes: the console closes its stream.
    await context.setOffline(true)
    const cutAt = seen.length
    const made: string[] = []
    for (let i = 1; i <= 50; i += 1) {
      const name = `${tag} ${String(i).padStart(2, '0')}`
      await createTask(request, { name, code: `${tag}_${i}` })
      made.push(name)
    }
    // Longer than the lists stay fresh, so a refetch on reconnecting would happen if nothing stopped it.
    await page.waitForTimeout(31_000)
    await context.setOffline(false)
    await expect
      .poll(async () => (await eventTexts(page)).filter((t) => t.includes(tag)).length, { timeout: 20_000 })
      .toBe(50)
    const shown = (await eventTexts(page)).filter((t) => t.includes(tag))
    // Newest first, each once.
    const order = shown.map((t) => made.findIndex((name) => t.includes(`${name} `)))
    expect(order).toEqual([...made.keys()].reverse())
    const after = seen.slice(cutAt)
    expect(
      after.filter((s) => s.method === 'GET' && s.path === '/api/sandbox/events').map((s) => s.request.url()),
    ).toEqual([])
    // The stream resumed from the last change it had applied.
    const resumed = streams(after).at(-1)
    expect(await resumed?.request.headerValue('last-event-id')).toMatch(/^\d+$/)
  })

  test('an edit form open while the task changes on the platform says so and keeps the input', async ({
    signedIn: page,
    context,
    request,
  }) => {
    const tag = uniqueCode('LIVEEDIT')
    const task = await createTask(request, { name: `${tag} edit`, code: `${tag}_E`, description: 'before' })
    const seen = track(context)
    seen.opened = Date.now()
    await page.goto(`/tasks/${task.id}/edit`)
    const description = page.getByLabel('Description')
    await expect(description).toHaveValue('before')
    await streamOpen(seen)
    await description.fill('typed by me')
    await platform(request, 'PUT', `/api/sandbox/tasks/${task.id}`, {
      ...(await getTask(request, task.id)),
      jobs: undefined,
      name: `${tag} renamed`,
      description: 'theirs',
    })
    const notice = page.getByRole('status').filter({ hasText: 'changed on the platform' })
    await expect(notice).toBeVisible({ timeout: 5000 })
    await expect(notice).toContainText('name')
    await expect(notice).toContainText('description')
    await expect(description).toHaveValue('typed by me')
  })
})

test.describe('live isolation', () => {
  test.use({ token: VIEWER_TOKEN })

  test('a viewer of another organization receives nothing of it', async ({
    signedIn: page,
    made,
    request,
  }) => {
    const tag = uniqueCode('LIVEISO')
    await page.goto('/events?limit=500')
    await expect(page.getByTestId('events-scroller')).toBeVisible()
    // What the platform streams to this viewer, read beside the console for a few seconds.
    const reading = page.evaluate(async (token) => {
      const controller = new AbortController()
      const response = await fetch('/api/sandbox/live', {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: controller.signal,
      })
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
      let text = ''
      setTimeout(() => controller.abort(), 8000)
      try {
        for (;;) {
          const chunk = await reader?.read()
          if (!chunk || chunk.done) break
          text += chunk.value
        }
      } catch {
        // Aborted after the reading time.
      }
      return text
    }, VIEWER_TOKEN)
    await page.waitForTimeout(1000)
    // Organization 1's private product, a task and its events: none of it is the viewer's to read.
    const hidden = await made.product('dataproduct', {
      name: `${tag} private`,
      organizationId: 'o0000000-0000-4000-8000-000000000001',
      publisherOrganizationId: 'o0000000-0000-4000-8000-000000000001',
      visibility: { type: 'private', visibleTo: [] },
    })
    const task = await createTask(request, { name: `${tag} task`, code: `${tag}_T` })
    await platform(request, 'POST', `/api/sandbox/tasks/${task.id}/start`, undefined, ADMIN_TOKEN)
    // A public product is everyone's: the viewer's stream carries it (so the stream was working).
    const open = await made.product('dataproduct', { name: `${tag} public` })
    const text = await reading
    expect(text).toContain('event: heartbeat')
    expect(text).toContain(open.id)
    expect(text).not.toContain(hidden.id)
    expect(text).not.toContain(task.id)
    expect(text).not.toContain(`${tag} private`)
    expect(text).not.toContain(`${tag} task`)
    // And the console's own list shows none of it.
    expect(
      (await eventTexts(page)).filter((t) => t.includes(`${tag} private`) || t.includes(`${tag} task`)),
    ).toEqual([])
  })
})
