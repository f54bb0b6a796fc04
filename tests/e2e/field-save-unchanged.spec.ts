import { expect, signInAs, test } from './fixtures'
import { QUALITY_ENV, useQualityEnvironment } from './quality-support'
import { outboxCount, platform, useEnglish, waitForOutboxDb } from './support'

// What the platform holds, the console can save. Every seeded product, source,
// template, connector, transformer, task and data format is opened in its edit form and saved
// unchanged: the form accepts it, the platform accepts the save, and nothing the user edits changes.
// In the quality environment (production), so the sandbox's seeded rows keep their order for others.

const EDIT_PATH: Record<string, string> = {
  dataproduct: '/products',
  datasource: '/sources',
  'datasource-template': '/templates',
  connector: '/connectors',
  transformer: '/transformers',
}
/** What the platform changes by itself on a save: versions, authorship and a task's run state. */
const BOOKKEEPING = new Set([
  'updatedAt',
  'updatedBy',
  // Who made and changed it, by name: added to a single read (not to lists), derived from createdBy/updatedBy.
  'createdByName',
  'updatedByName',
  'definitionUpdatedAt',
  'stateUpdatedAt',
  'lastRun',
  'status',
  // When a scheduled task's next slot is due: it moves as the scheduler runs, whatever the edit.
  'nextRunAt',
])

type Entity = Record<string, unknown> & { id: string; name?: string }

const empty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0)

/** The fields whose value differs (keys in any order, an empty value the same as none). */
function differences(before: Entity, after: Entity): string[] {
  const same = (a: unknown, b: unknown): boolean => {
    if (empty(a) && empty(b)) return true
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    return [...keys].every((k) => same((a as Entity)[k], (b as Entity)[k]))
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...keys].filter((k) => !BOOKKEEPING.has(k) && !same(before[k], after[k]))
}

test('every seeded entity opens in its edit form and saves unchanged', async ({ page, request }) => {
  test.setTimeout(480_000)
  await useEnglish(page)
  await useQualityEnvironment(page)
  const products =
    (await platform<Entity[]>(request, 'GET', `/api/${QUALITY_ENV}/products/v2?limit=500`)).json.result ?? []
  const tasks =
    (await platform<Entity[]>(request, 'GET', `/api/${QUALITY_ENV}/tasks?limit=500`)).json.result ?? []
  const formats =
    (
      await platform<{ itemList: Entity[] }>(
        request,
        'GET',
        `/api/${QUALITY_ENV}/products/v2/data-formats?limit=500`,
      )
    ).json.result?.itemList ?? []
  // Only what the seed made: other specs add their own rows to this environment.
  const seeded = (e: Entity) => /^[A-Z_]+\d*$/.test(String(e.productCode ?? e.code ?? e.dataFormatCode ?? ''))
  const forms = [
    ...products
      .filter(seeded)
      .map((p) => ({ kind: 'product', entity: p, path: `${EDIT_PATH[String(p.type)]}/${p.id}/edit` })),
    ...tasks.filter(seeded).map((t) => ({ kind: 'task', entity: t, path: `/tasks/${t.id}/edit` })),
    ...formats
      .filter(seeded)
      .map((f) => ({ kind: 'data-format', entity: f, path: `/data-formats/${f.id}/edit` })),
  ]
  expect(forms.length).toBeGreaterThanOrEqual(15 + 4 + 10)

  await signInAs(page)
  await waitForOutboxDb(page)
  const refused: string[] = []
  for (const { kind, entity, path } of forms) {
    await page.goto(path)
    const save = page.getByRole('button', { name: 'Save', exact: true })
    await expect(save, `${path} opens its form`).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('textbox', { name: 'Name', exact: true }).first()).toHaveValue(
      String(entity.name ?? ''),
    )
    await save.click()
    // Accepted: the form leaves the edit page. Refused: it stays and says which field.
    const left = await page
      .waitForURL((url) => !url.pathname.endsWith('/edit'), { timeout: 10_000 })
      .then(() => true)
      .catch(() => false)
    if (!left) {
      const errors = await page
        .locator('[aria-invalid="true"]')
        .evaluateAll((fields) => fields.map((f) => f.getAttribute('name') ?? f.id))
      refused.push(`${kind} ${String(entity.name)} (${path}): ${errors.join(', ') || 'stayed on the form'}`)
    }
  }
  expect(refused, 'forms that refused what the platform holds').toEqual([])

  // The platform accepts every save, and the saved entities hold what they held.
  await expect.poll(() => outboxCount(page), { timeout: 60_000 }).toBe(0)
  const changed: string[] = []
  for (const { kind, entity } of forms) {
    const path =
      kind === 'product'
        ? `/api/${QUALITY_ENV}/products/v2/${entity.id}`
        : kind === 'task'
          ? `/api/${QUALITY_ENV}/tasks/${entity.id}`
          : `/api/${QUALITY_ENV}/products/v2/data-formats/${entity.id}`
    const after = (await platform<Entity>(request, 'GET', path)).json.result as Entity
    expect(after.updatedAt, `${kind} ${String(entity.name)} was saved`).not.toBe(entity.updatedAt)
    const diff = differences(entity, after)
    if (diff.length) changed.push(`${kind} ${String(entity.name)}: ${diff.join(', ')}`)
  }
  expect(changed, 'fields an unchanged save changed').toEqual([])
})
