import type { CDPSession, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  outboxCount,
  platform,
  readBootStore,
  uniqueCode,
  waitForCached,
  waitForServiceWorker,
} from './support'

// Headless Chromium has no push service to subscribe to: a push is delivered to the service worker
// through the DevTools protocol instead, and the notification's click is asked of the worker by a
// message, which runs the same code as the system's click (CDP cannot click a system notification).

test.use({ permissions: ['notifications'] })

async function makeTask(page: Page, withPush = true) {
  const made = await platform<{ id: string }>(page.request, 'POST', '/api/sandbox/tasks', {
    name: `Push ${uniqueCode('T')}`,
    actions: [{ actionId: 'no-such-action', name: 'Broken step' }],
    notifications: withPush
      ? [{ type: 'push', sendOnError: true, sendOnSuccess: false, detailLevel: 'simple' }]
      : [],
  })
  expect(made.status).toBe(201)
  return made.json.result?.id as string
}

/** The registration id of the console's service worker, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find(
        (r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL === `${origin}/` && !r.isDeleted,
      )
      if (mine) resolve(mine.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  return found
}

const shown = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as { url?: string },
      actions: ((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? []).map(
        (a) => `${a.action}:${a.title}`,
      ),
    }))
  })

/** How many runs the task has on the platform. */
const runsOf = async (page: Page, id: string) =>
  (await platform<unknown[]>(page.request, 'GET', `/api/sandbox/tasks/${id}/runs`)).json.pagination
    ?.totalCount ?? 0

/** The signed-in user's id, as the platform puts it in the message for that user's devices. */
const userIdOf = async (page: Page) =>
  (await readBootStore<{ user: { id: string } }>(page, 'session'))?.user.id as string

/** The console's service worker at `origin`, reached through the DevTools session `cdp`. */
async function workerThrough(cdp: CDPSession, origin: string) {
  const registration = await registrationId(cdp, origin)
  return {
    /** Delivers a push message, as the browser's push service would. */
    push: (data: unknown) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: registration,
        data: JSON.stringify(data),
      }),
    /** Fires the outbox's Background Sync, as the browser does when the network is back. */
    sync: () =>
      cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin,
        registrationId: registration,
        tag: 'orchestrator-outbox',
        lastChance: false,
      }),
  }
}

/**
 * The push the platform sends the signed-in user of `page` when a run of task `id` failed, and a way
 * to deliver it (or a variant of it) to the console's service worker through the DevTools session `cdp`.
 */
async function pushOfFailedRun(
  page: Page,
  cdp: CDPSession,
  id: string,
  fields: { body: string; taskName?: string },
) {
  const origin = new URL(page.url()).origin
  const worker = await workerThrough(cdp, origin)
  const payload = {
    title: 'Night job: failed',
    url: `/tasks/${id}`,
    tag: `task-${id}`,
    taskId: id,
    outcome: 'error',
    mayRun: true,
    env: 'sandbox',
    userId: await userIdOf(page),
    notificationId: uniqueCode('N'),
    ...fields,
  }
  const deliver = (data: typeof payload = payload) => worker.push(data)
  return { payload, deliver, sync: worker.sync }
}

const click = (page: Page, tag: string, action: string) =>
  page.evaluate(
    ({ tag, action }) =>
      navigator.serviceWorker.controller?.postMessage({ type: 'NOTIFICATION_CLICK', tag, action }),
    { tag, action },
  )

test('a push shows the notification; Open takes the console to the run, Run again runs the task once', async ({
  signedIn: page,
}) => {
  await waitForServiceWorker(page)
  const id = await makeTask(page)
  const cdp = await page.context().newCDPSession(page)
  const { payload, deliver } = await pushOfFailedRun(page, cdp, id, {
    body: 'Broken step failed: Unknown action no-such-action',
  })

  await deliver()
  await expect
    .poll(() => shown(page))
    .toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        data: expect.objectContaining({ url: `/tasks/${id}` }),
        actions: ['open:Open', 'run:Run again'],
      },
    ])

  // The console is open elsewhere: the click brings it to the run's task and closes the notification.
  await page.goto('/events')
  await click(page, payload.tag, 'open')
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`))
  await expect(page.getByRole('heading', { level: 1, name: /Push T/ })).toBeVisible()
  await expect.poll(() => shown(page)).toEqual([])

  // "Run again", online: the task opens, and the worker sends the queued run at once, once.
  const before = await runsOf(page, id)
  await deliver()
  await expect.poll(async () => (await shown(page)).length).toBe(1)
  await page.goto('/events')
  await click(page, payload.tag, 'run')
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`))
  await expect.poll(() => runsOf(page, id)).toBe(before + 1)
  await expect.poll(() => outboxCount(page)).toBe(0)
  await expect(page.getByTestId('run-queued')).toHaveCount(0)
  expect(await runsOf(page, id)).toBe(before + 1)

  // A user who may not run the task gets no Run again.
  await deliver({ ...payload, tag: 'viewer', mayRun: false })
  await expect
    .poll(async () => (await shown(page)).find((n) => n.tag === 'viewer')?.actions)
    .toEqual(['open:Open'])
})

test('Run again tapped offline, twice and delivered twice, runs the task exactly once when the network is back', async ({
  signedIn: page,
  context,
}) => {
  test.setTimeout(120_000)
  await waitForServiceWorker(page)
  const id = await makeTask(page, false)
  // A page of another origin holds the DevTools session once every console page is closed.
  const holder = await context.newPage()
  await holder.goto('about:blank')
  const cdp = await context.newCDPSession(holder)
  const { payload, deliver, sync } = await pushOfFailedRun(page, cdp, id, {
    body: 'Broken step failed',
    taskName: 'Night job',
  })
  const before = await runsOf(holder, id)
  // The task was seen before: offline, the console shows it from what it kept.
  await page.goto(`/tasks/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: /Push T/ })).toBeVisible()
  await waitForCached(page, id)
  await page.goto('/events')

  await context.setOffline(true)
  await deliver()
  await expect.poll(async () => (await shown(page)).length).toBe(1)
  // A double tap: the action dispatched twice in the worker, the second before the first is handled.
  const [worker] = context.serviceWorkers()
  expect(worker).toBeDefined()
  await worker?.evaluate(async (tag) => {
    const scope = self as unknown as ServiceWorkerGlobalScope
    const [notification] = await scope.registration.getNotifications({ tag })
    if (!notification) throw new Error('No notification shown')
    for (let i = 0; i < 2; i += 1)
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'run' }))
  }, payload.tag)
  // The console is taken to the task, where the queued run waits.
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`))
  await expect(page.getByRole('link', { name: '1 change waits' })).toBeVisible()
  await expect(page.getByTestId('run-queued')).toBeVisible()
  // The same message delivered again, and its Run again tapped again: still one queued run.
  await deliver()
  await expect.poll(async () => (await shown(page)).length).toBe(1)
  await page.goto('/events')
  await click(page, payload.tag, 'run')
  await expect(page).toHaveURL(new RegExp(`/tasks/${id}$`))
  await expect(page.getByTestId('run-queued')).toBeVisible()
  await expect.poll(async () => (await shown(page)).length).toBe(0)
  expect(await outboxCount(page)).toBe(1)
  await expect(page.getByRole('link', { name: '1 change waits' })).toBeVisible()
  expect(await runsOf(holder, id)).toBe(before)
  await page.close()

  // Network back, every console page closed: the worker's Background Sync sends it.
  await context.setOffline(false)
  await sync()
  await expect.poll(() => runsOf(holder, id), { timeout: 30_000 }).toBe(before + 1)
  // A console opened afterwards finds nothing waiting, and sends nothing again.
  const late = await context.newPage()
  await late.goto(`/tasks/${id}`)
  await expect(late.getByRole('heading', { level: 1, name: /Push T/ })).toBeVisible()
  await expect(late.getByRole('link', { name: /changes? wait/ })).toHaveCount(0, { timeout: 20_000 })
  await expect(late.getByTestId('run-queued')).toHaveCount(0)
  expect(await outboxCount(late)).toBe(0)

  // The same message once more after the run was sent: queued again under the same key, the platform
  // answers it as the run already made, and nothing runs twice.
  const answers: (string | null)[] = []
  context.on('response', (response) => {
    if (new URL(response.url()).pathname === `/api/sandbox/tasks/${id}/run`)
      answers.push(response.headers()['idempotent-replayed'] ?? null)
  })
  await deliver()
  await expect.poll(async () => (await shown(late)).length).toBe(1)
  await late.goto('/events')
  await click(late, payload.tag, 'run')
  await expect(late).toHaveURL(new RegExp(`/tasks/${id}$`))
  await expect.poll(() => answers, { timeout: 20_000 }).toEqual(['true'])
  await expect.poll(() => outboxCount(late), { timeout: 20_000 }).toBe(0)
  expect(await runsOf(holder, id)).toBe(before + 1)
})

test.describe('in Finnish', () => {
  test.use({ consoleLocale: 'fi' })

  test('Notify this device asks on the click and says plainly, in Finnish, that headless Chromium cannot subscribe', async ({
    signedIn: page,
  }) => {
    await waitForServiceWorker(page)
    const id = await makeTask(page, false)
    await page.goto(`/tasks/${id}/edit`)
    await page.getByRole('tab', { name: 'Ilmoitukset' }).click()
    const pushes = () =>
      platform<unknown[]>(page.request, 'GET', '/api/sandbox/push-subscriptions').then(
        (a) => a.json.result ?? [],
      )
    const before = (await pushes()).length
    await page.getByRole('button', { name: 'Ilmoita tälle laitteelle' }).click()
    // Headless Chromium reaches no push service: the browser refuses, and the console says so.
    await expect(
      page.getByText('Selaimen push-palvelu ei hyväksynyt tätä laitetta. Laitetta ei lisätty.'),
    ).toBeVisible({ timeout: 20_000 })
    await expect(page.getByText(/Ilmoitus \d+: laitteet/)).toHaveCount(0)
    expect((await pushes()).length).toBe(before)
  })

  test('the profile lists the devices with when they were added; sign-out removes this one', async ({
    signedIn: page,
  }) => {
    const add = (name: string) =>
      platform<{ id: string }>(page.request, 'POST', '/api/sandbox/push-subscriptions', {
        endpoint: `https://fcm.googleapis.com/fcm/send/${uniqueCode('e2e')}`,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
        deviceName: name,
      })
    const phone = await add('Puhelin')
    const laptop = await add('Kannettava')
    expect(phone.status).toBe(201)
    await page.goto('/me')
    const list = page.getByTestId('push-devices')
    await expect(list.getByText('Puhelin')).toBeVisible()
    await expect(list.getByText('Kannettava')).toBeVisible()
    await expect(list.getByText(/^Lisätty /).first()).toBeVisible()
    await list.getByRole('button', { name: 'Poista Puhelin' }).click()
    await expect(list.getByText('Puhelin')).toHaveCount(0)
    const ids = async () =>
      (
        (await platform<{ id: string }[]>(page.request, 'GET', '/api/sandbox/push-subscriptions')).json
          .result ?? []
      ).map((d) => d.id)
    expect(await ids()).not.toContain(phone.json.result?.id)

    // This browser's own subscription (as Notify this device leaves it) goes with the sign-out.
    const own = laptop.json.result?.id as string
    await page.evaluate((id) => localStorage.setItem('orchestrator.pushDevice', id), own)
    await page.reload()
    await expect(list.getByText('(tämä laite)')).toBeVisible()
    await page
      .getByRole('navigation', { name: 'Päävalikko' })
      .getByRole('button', { name: 'Kirjaudu ulos' })
      .click()
    await expect(page).toHaveURL(/\/login/)
    expect(await ids()).not.toContain(own)
  })
})

test('Background Sync: 20 changes queued offline leave from the worker after every page is closed, each once', async ({
  signedIn: page,
  context,
}) => {
  test.setTimeout(120_000)
  const prefix = uniqueCode('BG')
  await page.goto('/data-formats?page=1&limit=100')
  await waitForServiceWorker(page)
  const origin = new URL(page.url()).origin
  // A page of another origin holds the DevTools session once every console page is closed.
  const holder = await context.newPage()
  await holder.goto('about:blank')
  const cdp = await context.newCDPSession(holder)
  const worker = await workerThrough(cdp, origin)

  await context.setOffline(true)
  for (let i = 0; i < 20; i += 1) {
    await page.getByRole('link', { name: 'New data format' }).click()
    await page.getByLabel('Code').fill(`${prefix}${i}`)
    await page.getByLabel('Name').fill(`Background ${i}`)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByRole('row').filter({ hasText: `${prefix}${i}` })).toContainText('Waiting to sync')
  }
  await expect(page.getByRole('link', { name: '20 changes wait' })).toBeVisible()
  await page.close()

  const onPlatform = async () => {
    const { json } = await platform<{ itemList: { dataFormatCode: string }[] }>(
      holder.request,
      'GET',
      `/api/sandbox/products/v2/data-formats?limit=1000&q=${prefix}`,
    )
    return (json.result?.itemList ?? []).map((f) => f.dataFormatCode).sort()
  }
  expect(await onPlatform()).toEqual([])
  await context.setOffline(false)
  await worker.sync()
  // The worker sends with no console page open.
  await expect.poll(async () => (await onPlatform()).length, { timeout: 30_000 }).toBeGreaterThan(0)
  // A console page opened during the worker's replay waits for the same lock and sends none again.
  const late = await context.newPage()
  await late.goto('/data-formats?page=1&limit=100')
  const expected = Array.from({ length: 20 }, (_, i) => `${prefix}${i}`).sort()
  await expect.poll(onPlatform, { timeout: 30_000 }).toEqual(expected)
  await expect(late.getByRole('link', { name: /changes? wait/ })).toHaveCount(0, { timeout: 20_000 })
  expect(await onPlatform()).toEqual(expected)
})
