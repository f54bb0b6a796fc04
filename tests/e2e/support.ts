import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'

export const ADMIN_TOKEN = 'demo-admin-token'
export const OPERATOR_TOKEN = 'demo-operator-token'

/** Opens the console in English (tests of the Finnish default say so themselves). */
export async function useEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('locale')) localStorage.setItem('locale', 'en')
  })
}

/** Signs in; lands home, or (after a session the platform ended) on `landing`, the page it was on. */
export async function signInWithToken(page: Page, token = ADMIN_TOKEN, landing: RegExp = /\/$/) {
  await page.goto('/login')
  await page.getByLabel('Access token').fill(token)
  await page.getByRole('button', { name: 'Sign in with token' }).click()
  await expect(page).toHaveURL(landing)
}

/** Waits until the service worker is activated and controls the page: only then is offline honest. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (registration.active?.state !== 'activated') {
      await new Promise<void>((resolve) => {
        registration.active?.addEventListener('statechange', () => {
          if (registration.active?.state === 'activated') resolve()
        })
      })
    }
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
    }
  })
}

/** Calls the reference platform directly, as a second client would. */
export async function platform<T = unknown>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  token = ADMIN_TOKEN,
): Promise<{
  status: number
  json: { success?: boolean; result?: T; pagination?: { totalCount: number }; message?: string }
}> {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    data: body,
  })
  const text = await response.text()
  return { status: response.status(), json: text ? JSON.parse(text) : {} }
}

export function uniqueCode(prefix: string) {
  return `${prefix}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`
}

/**
 * Reads one entry of the boot store (IndexedDB `orchestrator-boot`, idb-keyval): `session` or
 * `query-cache`. Undefined while the console has not made the store; this read never makes it.
 */
export const readBootStore = <T>(page: Page, key: 'session' | 'query-cache') =>
  page.evaluate(
    (key) =>
      new Promise<T | undefined>((resolve) => {
        const open = indexedDB.open('orchestrator-boot')
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve(undefined)
        open.onsuccess = () => {
          const read = open.result.transaction('kv').objectStore('kv').get(key)
          read.onsuccess = () => resolve(read.result)
          read.onerror = () => resolve(undefined)
          // A connection closes once its transactions are done.
          open.result.close()
        }
      }),
    key,
  )

/** Waits until the persisted query cache holds a text: what a reload offline will show. */
export async function waitForCached(page: Page, text: string) {
  await expect
    .poll(async () => String((await readBootStore(page, 'query-cache')) ?? '').includes(text), {
      timeout: 10_000,
    })
    .toBe(true)
}

/**
 * Waits until the signed-in console has opened its outbox database (Dexie, loaded once the first
 * screen is up), so a test can write changes into it.
 */
export async function waitForOutboxDb(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('orchestrator')
              // Opened without a version, an upgrade means there is none yet: never make it here.
              open.onupgradeneeded = () => open.transaction?.abort()
              open.onerror = () => resolve(false)
              open.onsuccess = () => {
                resolve(open.result.objectStoreNames.contains('outbox'))
                open.result.close()
              }
            }),
        ),
      { timeout: 10_000 },
    )
    .toBe(true)
}

/** How many changes wait in the outbox (IndexedDB), as the sync centre would count them. */
export const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('orchestrator')
        // No outbox database yet (Dexie not loaded here so far): nothing waits, and none is made.
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve(0)
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count()
          count.onsuccess = () => resolve(count.result)
        }
      }),
  )

export interface MadeFormat {
  id: string
  name: string
  code: string
  [field: string]: unknown
}

/** Creates a data format on the platform directly, as a second client would: its id, name and code. */
export async function createFormat(
  request: APIRequestContext,
  { name, env = 'sandbox', prefix = 'FMT' }: { name?: string; env?: string; prefix?: string } = {},
): Promise<MadeFormat> {
  const code = uniqueCode(prefix)
  const { status, json } = await platform<MadeFormat>(
    request,
    'POST',
    `/api/${env}/internal/products/v2/data-formats`,
    { dataFormatCode: code, name: name ?? `Format ${code}`, type: 'JSON' },
  )
  expect(status).toBe(201)
  return { ...(json.result as MadeFormat), code }
}

/**
 * Waits until the page has made no request for `quietMs`, its live stream aside: "networkidle" never
 * comes for a signed-in console, whose stream stays open. Requests already under way are seen as
 * they finish.
 */
export async function networkQuiet(page: Page, quietMs = 500) {
  let last = Date.now()
  const open = new Set<unknown>()
  const started = (request: { url: () => string }) => {
    if (/\/api\/[^/]+\/live$/.test(new URL(request.url()).pathname)) return
    open.add(request)
    last = Date.now()
  }
  const ended = (request: unknown) => {
    open.delete(request)
    last = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    await expect
      .poll(() => open.size === 0 && Date.now() - last >= quietMs, { intervals: [100], timeout: 30_000 })
      .toBe(true)
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}

/**
 * Makes the page's next console start a signed-in user's first visit of a screen: the session is kept;
 * the pictures of screens, the reads remembered for them and the saved query cache are forgotten, and
 * with `liveCursor: false` the live stream's last position too (a device that never read the stream).
 * Done on a page without the console, so that no closing console writes them again.
 */
export async function forgetScreens(page: Page, { liveCursor = true } = {}) {
  await page.goto('/favicon.svg')
  await page.evaluate(async (keepCursor) => {
    for (const key of Object.keys(localStorage))
      if (/^(firstScreen|firstRequests):/.test(key) || (!keepCursor && key.startsWith('live.seq:')))
        localStorage.removeItem(key)
    await new Promise<void>((resolve) => {
      const open = indexedDB.open('orchestrator-boot')
      // Created as the console creates it, should it not exist yet.
      open.onupgradeneeded = () => open.result.createObjectStore('kv')
      open.onsuccess = () => {
        const tx = open.result.transaction('kv', 'readwrite')
        tx.objectStore('kv').delete('query-cache')
        tx.oncomplete = () => {
          open.result.close()
          resolve()
        }
      }
      open.onerror = () => resolve()
    })
  }, liveCursor)
}

/**
 * The words up to 16 characters (statuses, codes, headers, names, actions) in `root` that do not keep
 * to one line; a longer unbroken text is the user's and may wrap anywhere.
 */
export function brokenWords(root: Locator) {
  return root.evaluate((main) => {
    const out: string[] = []
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('.sr-only, caption') || !parent.checkVisibility()) continue
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        if (match[0].length > 16) continue
        const range = document.createRange()
        range.setStart(node, match.index)
        range.setEnd(node, match.index + match[0].length)
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        )
        if (lines.size > 1) out.push(match[0])
      }
    }
    return out
  })
}

/**
 * The one chunk of the build (`dist/assets`) that `holds` tells by its name or text, refused from now
 * on as a dropped connection refuses it (a first visit offline, no service worker keeping it).
 * Returns how many times it was asked for, and how to let it come again.
 */
export async function refuseChunk(page: Page, what: string, holds: (name: string, text: string) => boolean) {
  const assets = 'dist/assets'
  const files = readdirSync(assets).filter(
    (f) => f.endsWith('.js') && holds(f, readFileSync(join(assets, f), 'utf8')),
  )
  expect(files, `one chunk holds ${what} (run the build first)`).toHaveLength(1)
  const chunk = `**/assets/${files[0]}`
  let refused = 0
  await page.route(chunk, (route) => {
    refused += 1
    return route.abort('internetdisconnected')
  })
  return { refused: () => refused, letIn: () => page.unroute(chunk) }
}
