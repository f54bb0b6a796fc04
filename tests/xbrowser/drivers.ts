// The two stock browsers behind one small interface, so that every test reads the same in both.
//
// Firefox ESR: puppeteer-core over WebDriver BiDi, straight to Firefox's own remote agent (Debian has
// no geckodriver, and BiDi needs none). Console messages and uncaught errors come from BiDi's
// `log.entryAdded`, from the first script of every page.
//
// WebKitGTK: selenium-webdriver, a plain W3C WebDriver client, against Debian's WebKitWebDriver,
// which starts MiniBrowser in automation mode (under Xvfb: WebKitGTK has no headless mode). That
// driver speaks classic WebDriver only (no BiDi, no log endpoint), so a collector of `console.error`,
// `error` and `unhandledrejection` is put into each page by script as soon as it has loaded, and
// read back before the page goes: what a page logs before its load event is not seen there.
import { type ChildProcess, spawn } from 'node:child_process'
import { createConnection } from 'node:net'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { Builder, By, type WebDriver } from 'selenium-webdriver'

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver'
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'

/** A function run in the page: serialized, so it may use only its arguments and the page's globals. */
// biome-ignore lint/suspicious/noExplicitAny: page functions take and return plain JSON.
type PageFn = (...args: any[]) => unknown

export interface Driver {
  readonly name: string
  readonly version: string
  goto(url: string): Promise<void>
  reload(): Promise<void>
  url(): Promise<string>
  /** Runs `fn` in the page (a returned promise is awaited) and gives back its JSON result. */
  run<T>(fn: PageFn, ...args: unknown[]): Promise<T>
  /** Types with the browser's own key events into the first element matching `css`. */
  type(css: string, text: string): Promise<void>
  /** Console errors and uncaught errors seen so far, and forgets them. */
  takeErrors(): Promise<string[]>
  close(): Promise<void>
}

/**
 * A navigation the page itself replaced by another (its own redirect or reload) is not a failure of
 * the test's: Firefox reports the first as aborted. Where the page lands is for the test to check.
 */
async function settled(navigation: Promise<unknown>) {
  try {
    await navigation
  } catch (error) {
    if (!/NS_BINDING_ABORTED|navigation (was )?(aborted|canceled)/i.test(String(error))) throw error
  }
}

export async function launchFirefox(): Promise<Driver> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    // A desktop window: the side menu is open from 992 px.
    defaultViewport: { width: 1280, height: 900 },
    // Pages get their locale from the console's own choice; the browser's may be anything.
    extraPrefsFirefox: { 'intl.locale.requested': 'en-US', 'browser.shell.checkDefaultBrowser': false },
  })
  const page: Page = await browser.newPage()
  const errors: string[] = []
  const pending: Promise<string>[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const at = `${message.location().url ?? page.url()}`
    // An Error argument shows as a handle in the message's text: ask the page for its stack.
    const logged = Promise.all(
      message
        .args()
        .map((arg) =>
          arg
            .evaluate((value) => (value instanceof Error ? String(value.stack || value) : String(value)))
            .catch(() => '(gone)'),
        ),
    ).then(
      (parts) => `console.error at ${at}: ${message.text()}${parts.length ? ` (${parts.join(' ')})` : ''}`,
      () => `console.error at ${at}: ${message.text()}`,
    )
    pending.push(logged)
  })
  page.on('pageerror', (error) => errors.push(`uncaught at ${page.url()}: ${String(error)}`))
  const version = await browser.version()
  return {
    name: 'firefox',
    version,
    async goto(url) {
      await settled(page.goto(url, { waitUntil: 'load', timeout: 60_000 }))
    },
    async reload() {
      await settled(page.reload({ waitUntil: 'load', timeout: 60_000 }))
    },
    async url() {
      return page.url()
    },
    async run<T>(fn: PageFn, ...args: unknown[]) {
      return (await page.evaluate(fn as (...a: unknown[]) => unknown, ...args)) as T
    },
    async type(css, text) {
      await page.type(css, text)
    },
    async takeErrors() {
      errors.push(...(await Promise.all(pending.splice(0))))
      return errors.splice(0)
    },
    async close() {
      await browser.close()
    },
  }
}

/** The collector put into each WebKit page; idempotent, kept on `window`. */
function installCollector() {
  const w = window as unknown as { __xbErrors?: string[] }
  if (w.__xbErrors) return
  const errors: string[] = []
  w.__xbErrors = errors
  const original = console.error
  console.error = (...args: unknown[]) => {
    errors.push(
      `console.error at ${location.href}: ${args.map((a) => (a instanceof Error ? a.stack || String(a) : String(a))).join(' ')}`,
    )
    return original.apply(console, args)
  }
  addEventListener('error', (event) => errors.push(`uncaught at ${location.href}: ${event.message}`))
  addEventListener('unhandledrejection', (event) =>
    errors.push(
      `unhandledrejection at ${location.href}: ${String((event.reason as Error)?.stack ?? event.reason)}`,
    ),
  )
}

function drainCollector() {
  const w = window as unknown as { __xbErrors?: string[] }
  return w.__xbErrors ? w.__xbErrors.splice(0) : null
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

export async function launchWebKit(driverPort: number): Promise<Driver> {
  if (await portOpen(driverPort)) throw new Error(`port ${driverPort} is taken: WebKitWebDriver needs it`)
  const driverProcess: ChildProcess = spawn(WEBKIT_DRIVER, [`--port=${driverPort}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let driverLog = ''
  driverProcess.stderr?.on('data', (chunk) => {
    driverLog = (driverLog + chunk).slice(-4000)
  })
  const until = Date.now() + 30_000
  while (!(await portOpen(driverPort))) {
    if (Date.now() > until || driverProcess.exitCode !== null)
      throw new Error(`WebKitWebDriver did not start on ${driverPort}: ${driverLog}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const newSession = (port: number) =>
    new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
        pageLoadStrategy: 'normal',
      })
      .build()
  const driver: WebDriver = await newSession(driverPort).catch((error) => {
    driverProcess.kill('SIGTERM')
    throw error
  })
  await driver.manage().setTimeouts({ script: 60_000, pageLoad: 60_000 })
  await driver.manage().window().setRect({ width: 1280, height: 900 })
  const capabilities = await driver.getCapabilities()
  const version = `${capabilities.getBrowserName()} ${capabilities.getBrowserVersion()}`
  const errors: string[] = []

  // Before anything is asked of a page: read what the collector of the page before it caught (when
  // that page is still there), and put one into this page when it has none.
  const sync = async () => {
    const drained = (await driver.executeScript(`return (${drainCollector})()`)) as string[] | null
    if (drained) errors.push(...drained)
    else await driver.executeScript(`(${installCollector})()`)
  }
  const drain = async () => {
    try {
      const drained = (await driver.executeScript(`return (${drainCollector})()`)) as string[] | null
      if (drained) errors.push(...drained)
    } catch {
      // A page that is going away has nothing more to give.
    }
  }
  return {
    name: 'webkit',
    version,
    async goto(url) {
      await drain()
      await driver.get(url)
      await sync()
    },
    async reload() {
      await drain()
      await driver.navigate().refresh()
      await sync()
    },
    async url() {
      return driver.getCurrentUrl()
    },
    async run<T>(fn: PageFn, ...args: unknown[]) {
      await sync()
      // W3C execute script awaits a returned promise.
      return (await driver.executeScript(`return (${fn}).apply(null, arguments)`, ...args)) as T
    },
    async type(css, text) {
      await driver.findElement(By.css(css)).sendKeys(text)
    },
    async takeErrors() {
      await drain()
      return errors.splice(0)
    },
    async close() {
      try {
        await driver.quit()
      } finally {
        driverProcess.kill('SIGTERM')
      }
    },
  }
}
