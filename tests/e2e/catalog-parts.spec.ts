import { expect, type Page, test } from '@playwright/test'
import en from '../../lang/en.json' with { type: 'json' }
import fi from '../../lang/fi.json' with { type: 'json' }
import { ADMIN_TOKEN, networkQuiet, waitForServiceWorker } from './support'

/**
 * Each screen's messages arrive in a part of the catalog of their own, merged before the screen
 * renders. Going through the console's screens in Finnish, online, offline and after a language
 * switch, no screen may show a message id or the English text of a message that Finnish translates.
 */
const english = en as Record<string, string>
const finnish = fi as Record<string, string>
const ids = Object.keys(english)
/** Texts of two words or more (no arguments) that differ between the languages. */
const phrases = (from: Record<string, string>, other: Record<string, string>) =>
  ids
    .map((id) => from[id] ?? '')
    .filter((text, i) => {
      const id = ids[i] ?? ''
      return !/[{}<]/.test(text) && text.split(' ').length >= 2 && text !== other[id]
    })

async function expectAllIn(page: Page, locale: 'fi' | 'en', where: string) {
  await networkQuiet(page)
  // The profile lists the user's permissions (`tasks.create`): the platform's names, not messages.
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, line by line, is what a user reads
  const text = (await page.locator('body').innerText())
    .split('\n')
    .filter((line) => !/^[a-z-]+\.(create|read|update|delete|execute)$/.test(line.trim()))
    .join('\n')
  const shown = new Set(text.match(/[A-Za-z][\w-]*(?:\.[A-Za-z][\w-]*)+/g) ?? [])
  expect(
    ids.filter((id) => shown.has(id)),
    `message ids shown at ${where}`,
  ).toEqual([])
  const wrong = locale === 'fi' ? phrases(english, finnish) : phrases(finnish, english)
  expect(
    wrong.filter((phrase) => text.includes(phrase)),
    `${locale === 'fi' ? 'English' : 'Finnish'} shown at ${where}`,
  ).toEqual([])
}

async function open(page: Page, name: string, url: RegExp, locale: 'fi' | 'en' = 'fi') {
  const menu = page.getByRole('navigation', { name: locale === 'fi' ? 'Päävalikko' : 'Main menu' })
  const link = menu.getByRole('link', { name, exact: true })
  if (!(await link.isVisible())) {
    const group = menu.getByRole('button', { name: locale === 'fi' ? 'Tietolähteet' : 'Sources' })
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click()
  }
  await link.click()
  await expect(page).toHaveURL(url)
  await expect(page.locator('main h1').first()).toBeVisible()
  await expectAllIn(page, locale, url.source)
}

test('every screen shows its own messages in Finnish, online, offline and after a language switch', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const parts: string[] = []
  page.on('request', (request) => {
    const match = /\/assets\/(messages-(?:fi|en)-[^/]+\.js)$/.exec(request.url())
    if (match?.[1]) parts.push(match[1])
  })
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/login')
  await page.getByLabel('Käyttöoikeustunniste').fill(ADMIN_TOKEN)
  await page.getByRole('button', { name: 'Kirjaudu tunnisteella' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expectAllIn(page, 'fi', 'home')
  // The sign-in screen fetched Finnish parts only, and not the whole catalog at once.
  expect(parts.length).toBeGreaterThan(1)
  expect(parts.every((part) => part.startsWith('messages-fi-'))).toBe(true)

  for (const [name, url] of [
    ['Datatuotteet', /\/products(\?|$)/],
    ['Pohjat', /\/templates(\?|$)/],
    ['Liittimet', /\/connectors(\?|$)/],
    ['Muuntimet', /\/transformers(\?|$)/],
    ['Tietomuodot', /\/data-formats(\?|$)/],
    ['Tapahtumat', /\/events(\?|$)/],
    ['Valvonta', /\/monitoring(\?|$)/],
    ['Profiili', /\/me(\?|$)/],
  ] as const)
    await open(page, name, url)
  // A form and a detail screen, each a screen of its own.
  await page.goto('/products')
  await page.getByRole('link', { name: /Uusi/ }).first().click()
  await expect(page).toHaveURL(/\/products\/(create|new)/)
  await expectAllIn(page, 'fi', 'a new product')

  // Offline, the parts come from the service worker's copy.
  await waitForServiceWorker(page)
  await page.goto('/')
  await expect(page.locator('main h1').first()).toBeVisible()
  await context.setOffline(true)
  await open(page, 'Synkronointikeskus', /\/outbox|\/sync/)
  await open(page, 'Selaa', /\/sources/)
  await context.setOffline(false)

  // A language switch brings the new language's parts of every screen opened.
  await page.getByText('EN', { exact: true }).click()
  await expect(page.getByRole('radio', { name: 'EN' })).toBeChecked()
  await expectAllIn(page, 'en', 'after the switch')
  await open(page, 'Data Products', /\/products(\?|$)/, 'en')
  await open(page, 'Events', /\/events(\?|$)/, 'en')
})
