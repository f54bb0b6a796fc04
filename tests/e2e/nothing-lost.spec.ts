import type { APIRequestContext, Page } from '@playwright/test'
import { createProduct, ORGANIZATIONS } from './commerce-support'
import { expect, signInAs, test } from './fixtures'
import { platform, uniqueCode } from './support'

const ADMIN_ID = 'u0000000-0000-4000-8000-000000000001'

/** A new source's edit page, its task and metadata tab open, `text` typed into one of its JSON parts. */
async function typedIntoSource(
  page: Page,
  request: APIRequestContext,
  part: 'Tehtävätiedot' | 'Metatiedot',
  text: string,
) {
  const source = await createProduct(request, 'datasource')
  await page.goto(`/sources/${source.id}/edit`)
  await page.getByRole('tab', { name: 'Tehtävä- ja metatiedot' }).click()
  const box = page.getByRole('textbox', { name: part })
  await expect(box).toBeEnabled()
  await box.fill(text)
  return { source, box }
}

test.describe('nothing typed is lost silently', () => {
  test.use({ consoleLocale: 'fi' })

  test('the main Save of a source with unsaved task data asks before leaving, and Stay keeps the typing', async ({
    signedIn: page,
    request,
  }) => {
    const { source, box: taskData } = await typedIntoSource(
      page,
      request,
      'Tehtävätiedot',
      '{"schedule": "nightly"}',
    )
    // Another tab open, then the main Save: the typing is neither dropped nor left behind unasked.
    await page.getByRole('tab', { name: 'Yleiset' }).click()
    await page.getByRole('button', { name: 'Tallenna', exact: true }).click()
    const ask = page.getByRole('dialog', { name: 'Poistutaanko tallentamatta?' })
    await expect(ask).toContainText('Tällä sivulla on tallentamattomia tietoja.')
    await ask.getByRole('button', { name: 'Peruuta' }).click()
    await expect(page).toHaveURL(new RegExp(`/sources/${source.id}/edit$`))
    await page.getByRole('tab', { name: 'Tehtävä- ja metatiedot' }).click()
    await expect(taskData).toHaveValue('{"schedule": "nightly"}')
    // Saved, the task data no longer holds the page.
    await page.getByRole('button', { name: 'Tallenna: Tehtävätiedot' }).click()
    await expect(page.getByText('Tehtävätiedot tallennettu.')).toBeVisible()
    await page.getByRole('link', { name: 'Tehtävät' }).first().click()
    await expect(page).toHaveURL(/\/tasks(\?|$)/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('a menu link away from unsaved input asks, and Leave goes', async ({ signedIn: page, request }) => {
    await typedIntoSource(page, request, 'Metatiedot', '{"owner": "ops"}')
    await page.getByRole('link', { name: 'Tehtävät' }).first().click()
    const ask = page.getByRole('dialog', { name: 'Poistutaanko tallentamatta?' })
    await ask.getByRole('button', { name: 'Poistu' }).click()
    await expect(page).toHaveURL(/\/tasks(\?|$)/)
  })

  test('a reload with unsaved input is asked by the browser; a form with a draft says it keeps one instead', async ({
    signedIn: page,
  }) => {
    await page.goto('/me')
    await page.getByRole('textbox', { name: 'Nimi' }).fill('Kesken jäänyt tunniste')
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type())
        void dialog.dismiss()
      }),
    )
    void page.reload().catch(() => undefined)
    expect(await asked).toBe('beforeunload')
    await expect(page.getByRole('textbox', { name: 'Nimi' })).toHaveValue('Kesken jäänyt tunniste')

    // A data format form keeps a draft: it says so, and leaving does not ask.
    await page.goto('/data-formats/create')
    // The notice comes while the user types: it moves nothing under the pointer, Save least of all
    // (above the form it once pushed Save away between a click's aim and its press).
    const save = page.getByRole('button', { name: 'Tallenna' })
    const before = await save.boundingBox()
    await page.getByRole('textbox', { name: 'Nimi' }).fill('Luonnos jää talteen')
    await expect(page.getByTestId('draft-kept')).toHaveText(
      'Kirjoittamasi tiedot säilyvät tällä laitteella luonnoksena, kunnes tallennat ne. Voit poistua ja palata myöhemmin.',
    )
    expect(await save.boundingBox()).toEqual(before)
    await page.getByRole('link', { name: 'Tehtävät' }).first().click()
    await expect(page).toHaveURL(/\/tasks(\?|$)/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await page.goto('/data-formats/create')
    await expect(page.getByRole('button', { name: 'Palauta luonnos' })).toBeVisible()
  })

  test('after a 401 the sign-in page says why, and signing in again returns to the same page', async ({
    page,
    request,
  }) => {
    const { json } = await platform<{ id: string; fullValue: string }>(
      request,
      'POST',
      `/api/sandbox/internal/users/${ADMIN_ID}/tokens`,
      { name: uniqueCode('e2e'), expirationDate: new Date(Date.now() + 3_600_000).toISOString() },
    )
    const token = json.result as { id: string; fullValue: string }
    await signInAs(page, token.fullValue, 'fi')
    await page.goto('/tasks?page=2')
    await expect(page.getByTestId('fetched-at')).toBeVisible()
    await platform(request, 'POST', `/api/sandbox/internal/users/${ADMIN_ID}/tokens/${token.id}/revoke`)
    await page.getByRole('link', { name: 'Tietomuodot' }).first().click()
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 })
    await expect(page.getByTestId('session-ended')).toContainText(
      'Istuntosi päättyi: alusta ei enää hyväksynyt kirjautumistasi',
    )
    await expect(page.getByTestId('session-ended')).toContainText('/data-formats')
    await page.getByLabel('Käyttöoikeustunniste').fill('demo-admin-token')
    await page.getByRole('button', { name: 'Kirjaudu tunnisteella' }).click()
    await expect(page).toHaveURL(/\/data-formats(\?|$)/)
    // Once: a later sign-in goes home, with no notice.
    await page.getByRole('button', { name: 'Kirjaudu ulos' }).first().click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByTestId('session-ended')).toHaveCount(0)
  })

  test('an environment switch over input no draft keeps asks first; Cancel keeps both the scope and the typing', async ({
    signedIn: page,
    request,
  }) => {
    const { box: taskData } = await typedIntoSource(page, request, 'Tehtävätiedot', '{"schedule": "hourly"}')
    const environment = page.getByLabel('Ympäristö')
    await environment.selectOption('production')
    const ask = page.getByRole('dialog', { name: 'Vaihdetaanko tallentamatta?' })
    await expect(ask).toContainText('Ne menetetään, jos vaihdat.')
    await ask.getByRole('button', { name: 'Peruuta' }).click()
    await expect(environment).toHaveValue('sandbox')
    await expect(taskData).toHaveValue('{"schedule": "hourly"}')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('environment'))).not.toBe('production')
    // Asked again, Switch goes.
    await environment.selectOption('production')
    await ask.getByRole('button', { name: 'Vaihda' }).click()
    await expect(environment).toHaveValue('production')
    await expect(ask).toHaveCount(0)
  })

  test('another organization over input no draft keeps asks first; Switch reloads without asking again', async ({
    signedIn: page,
    request,
  }) => {
    const { box: taskData } = await typedIntoSource(page, request, 'Tehtävätiedot', '{"schedule": "weekly"}')
    const organization = page.getByTestId('organization-select')
    await expect(organization.locator(`option[value="${ORGANIZATIONS.second}"]`)).toHaveCount(1)
    const before = await organization.inputValue()
    await organization.selectOption(ORGANIZATIONS.second)
    const ask = page.getByRole('dialog', { name: 'Vaihdetaanko tallentamatta?' })
    await ask.getByRole('button', { name: 'Peruuta' }).click()
    await expect(organization).toHaveValue(before)
    await expect(taskData).toHaveValue('{"schedule": "weekly"}')
    expect(await page.evaluate(() => localStorage.getItem('organizationId') ?? '')).toBe(before)
    // Switch: the page reloads in the other organization, and the browser asks nothing more.
    const browserAsked: string[] = []
    page.on('dialog', (dialog) => {
      browserAsked.push(dialog.type())
      void dialog.accept()
    })
    await organization.selectOption(ORGANIZATIONS.second)
    await ask.getByRole('button', { name: 'Vaihda' }).click()
    await expect(page.getByTestId('organization-select')).toHaveValue(ORGANIZATIONS.second)
    expect(browserAsked).toEqual([])
  })
})
