import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { platform } from './support'

/** The axe rule sets the console promises (issue 8): WCAG 2.0/2.1 A and AA, plus best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const

/**
 * Every screen's route (plus the sync centre), with `{product}`, `{source}`... placeholders that
 * `resolveRoutes` fills with ids of real platform entities. A new screen merged under one of these
 * paths is checked by every quality gate without touching the tests.
 */
export const ROUTES = [
  '/',
  '/login',
  '/redirect',
  '/me',
  '/me/applications',
  '/me/applications/create',
  '/me/applications/edit',
  '/me/applications/{application}/edit',
  '/products',
  '/products/{dataproduct}',
  '/products/create',
  '/products/{dataproduct}/edit',
  '/sources',
  '/sources/create',
  '/sources/{datasource}/edit',
  '/templates',
  '/templates/create',
  '/templates/{datasource-template}/edit',
  '/connectors',
  '/connectors/create',
  '/connectors/{connector}/edit',
  '/transformers',
  '/transformers/create',
  '/transformers/{transformer}/edit',
  '/data-formats',
  '/data-formats/create',
  '/data-formats/edit',
  '/data-formats/{data-format}/edit',
  '/tasks',
  '/tasks/{task}',
  '/tasks/create',
  '/tasks/{task}/edit',
  '/events',
  '/monitoring',
  '/outbox',
  '/since',
  '/no-such-page',
] as const

/** Routes an anonymous visitor may see (the "public" menu entries); the rest send them to /login. */
export const PUBLIC_ROUTES = new Set([
  '/login',
  '/redirect',
  '/products',
  '/products/{dataproduct}',
  '/no-such-page',
])

interface Listed {
  id: string
  type?: string
}

/** Ids of one entity of each kind, read from the platform as a second client would. */
export async function entityIds(
  request: APIRequestContext,
  env = 'sandbox',
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {}
  // The oldest of each type (the seeded ones): the newest may be a parallel test's, deleted under the walk.
  const products = await platform<Listed[]>(
    request,
    'GET',
    `/api/${env}/products/v2?limit=500&sortBy=createdAt&sortOrder=asc`,
  )
  for (const product of products.json.result ?? []) {
    if (product.type && !ids[product.type]) ids[product.type] = product.id
  }
  const tasks = await platform<Listed[]>(
    request,
    'GET',
    `/api/${env}/tasks?limit=1&sortBy=createdAt&sortOrder=asc`,
  )
  const formats = await platform<{ itemList: Listed[] }>(
    request,
    'GET',
    `/api/${env}/products/v2/data-formats?limit=1&sortBy=createdAt&sortOrder=asc`,
  )
  const applications = await platform<Listed[] | { itemList?: Listed[] }>(
    request,
    'GET',
    `/api/${env}/auth/applications?limit=1`,
  )
  const apps = applications.json.result
  ids.application = (Array.isArray(apps) ? apps : apps?.itemList)?.[0]?.id ?? 'missing-application'
  ids.task = tasks.json.result?.[0]?.id ?? 'missing-task'
  ids['data-format'] = formats.json.result?.itemList[0]?.id ?? 'missing-data-format'
  for (const kind of ['dataproduct', 'datasource', 'datasource-template', 'connector', 'transformer']) {
    ids[kind] ??= `missing-${kind}`
  }
  return ids
}

export function resolveRoute(route: string, ids: Record<string, string>): string {
  return route.replace(/\{([a-z-]+)\}/g, (_, kind: string) => ids[kind] ?? kind)
}

/**
 * Waits until a screen has rendered its heading and its first data (no loading indicator left).
 * Not "networkidle": the console keeps a connection open, so the network is never idle.
 */
export async function settle(page: Page, route = '') {
  if (route === '/redirect') {
    // The sign-in callback without a code: it says "Signing in…" and gives up later.
    await expect(page.getByText('Signing in…')).toBeVisible()
    return
  }
  // By role: the static frame's heading (index.html, hidden from assistive technology) is not the screen's.
  await expect(
    page.getByRole('heading', { level: 1 }).first(),
    `${route}: the screen shows a heading`,
  ).toBeVisible()
  await expect(page.locator('[aria-busy="true"]'), `${route}: loading ends`).toHaveCount(0, {
    timeout: 15_000,
  })
  await page.waitForTimeout(200)
}

/** Runs axe and fails with one line per violation: rule, impact, help and the offending elements. */
export async function expectNoAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze()
  const lines = results.violations.map(
    (v) =>
      `[${where}] ${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 5)
        .map(
          (n) => `    at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
        )
        .join('\n')}`,
  )
  expect.soft(lines, `axe violations on ${where}`).toEqual([])
}

/**
 * The environment the data-making quality specs write to: not the default sandbox, whose first list
 * pages other specs read (their seeded rows must stay on page 1 while these specs run beside them).
 */
export const QUALITY_ENV = 'production'

export async function useQualityEnvironment(page: Page) {
  await page.addInitScript((env) => localStorage.setItem('environment', env), QUALITY_ENV)
}
