import en from '../../lang/en.json' with { type: 'json' }
import fi from '../../lang/fi.json' with { type: 'json' }
import { expect, test } from './fixtures'

/**
 * The product's fixed texts (form rules, error pages, sign-in), word for word, each with the catalog key the console shows it by.
 * English must be the fixed text exactly; Finnish is whatever the Finnish catalog says for the key,
 * so a copy edit of fi.json does not break this test, but a screen that shows another text does.
 */
const SPEC_TEXTS = {
  'validation.required': 'This field is required',
  'validation.email': 'Email invalid',
  'validation.tooShort': 'Too short',
  'validation.alphanumeric': 'Only alphanumeric characters are allowed',
  'validation.uuids': 'Items should be uuids',
  'validation.duration': 'Please enter in format "Hh Mm"',
  'validation.url': 'Please provide a valid URL',
  'validation.object': 'Please enter a valid object',
  'validation.json': 'Not valid JSON!',
  'validation.enum': 'Please select item from the dropdown',
  'validation.group': 'Please select group from the dropdown',
  'validation.password':
    'Password must be min. 8 characters long and include at least one capital letter and one number.',
  'validation.duplicateProductCode': 'Product with the same product code already exists.',
  'error.notFound.title': 'This page could not be found',
  'error.notFound.text': 'Sorry, the page you visited does not exist.',
  'error.accessDenied': 'Access denied.',
  'login.failed': 'Login failed!',
} as const

type Key = keyof typeof SPEC_TEXTS
const CATALOGS = { en, fi } as Record<'en' | 'fi', Record<string, string>>

test('the catalogs hold the fixed texts: English word for word, Finnish translated', () => {
  for (const [key, text] of Object.entries(SPEC_TEXTS)) {
    expect(en[key as keyof typeof en], key).toBe(text)
    const finnish = fi[key as keyof typeof fi]
    expect(finnish, key).toBeTruthy()
    expect(finnish, `${key} is not translated`).not.toBe(text)
  }
})

for (const locale of ['en', 'fi'] as const) {
  const words = CATALOGS[locale]
  const t = (key: string) => {
    const text = words[key]
    if (!text) throw new Error(`${locale}.json has no ${key}`)
    return text
  }
  const said = (key: Key) => t(key)

  test.describe(`fixed texts on screen, ${locale}`, () => {
    test.use({ consoleLocale: locale })

    test('form rules say the fixed texts where they apply', async ({ signedIn: page, made }) => {
      await page.goto('/connectors/create')
      await page.getByRole('button', { name: t('common.save') }).click()
      await expect(page.getByText(said('validation.required'), { exact: true }).first()).toBeVisible()
      await page.getByLabel(t('catalog.field.name')).fill('A')
      await expect(page.getByText(said('validation.tooShort'), { exact: true })).toBeVisible()
      await page.getByLabel(t('catalog.field.productCode')).fill('bus stops')
      await expect(page.getByText(said('validation.alphanumeric'), { exact: true })).toBeVisible()
      await page.getByLabel(t('catalog.visibility')).selectOption('organizations')
      await expect(page.getByText(said('validation.group'), { exact: true })).toBeVisible()
      await page.getByLabel(t('catalog.visibility')).selectOption('public')

      await page.getByRole('tab', { name: t('catalog.tab.connectorDefinition') }).click()
      await page.getByLabel(t('catalog.connectorParameterMap')).fill('[1, 2]')
      await expect(page.getByText(said('validation.object'), { exact: true })).toBeVisible()
      await page.getByRole('tab', { name: t('catalog.tab.information') }).click()
      await page.getByLabel(t('catalog.contactPersonEmail')).fill('nope')
      await expect(page.getByText(said('validation.email'), { exact: true })).toBeVisible()
      await page.getByLabel(t('catalog.imageUrl')).fill('example.com')
      await expect(page.getByText(said('validation.url'), { exact: true })).toBeVisible()

      await page.goto('/products/create')
      await page.getByRole('tab', { name: t('catalog.tab.configuration') }).click()
      await page.getByLabel(t('catalog.parameterContext')).fill('{oops')
      await page.getByLabel(t('catalog.parameterContext')).blur()
      await expect(page.getByText(said('validation.json'), { exact: true })).toBeVisible()

      // The platform refuses a taken code; the field says the fixed words for it.
      const taken = await made.product('dataproduct')
      await page.goto('/products/create')
      await page.getByLabel(t('catalog.field.name')).fill('Copy cat')
      await page.getByLabel(t('catalog.field.productCode')).fill(taken.productCode)
      await page.getByRole('button', { name: t('common.save') }).click()
      await expect(page.getByText(said('validation.duplicateProductCode'), { exact: true })).toBeVisible({
        timeout: 20_000,
      })
    })

    test('the 404 page and a failed sign-in say the fixed texts', async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem('locale', l), locale)
      await page.goto('/no-such-page')
      await expect(page.getByRole('heading', { name: said('error.notFound.title') })).toBeVisible()
      await expect(page.getByText(said('error.notFound.text'), { exact: true })).toBeVisible()
      await page.goto('/login')
      await page.getByLabel(t('login.tokenLabel')).fill('not-a-token')
      await page.getByRole('button', { name: t('login.withToken') }).click()
      await expect(page.getByRole('alert')).toHaveText(said('login.failed'))
    })
  })
}
