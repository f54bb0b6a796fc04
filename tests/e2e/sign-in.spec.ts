import { expect, test } from './fixtures'
import { OPERATOR_TOKEN, readBootStore, signInWithToken, useEnglish } from './support'

test.describe('sign-in', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page)
  })

  test('OIDC code flow with PKCE through the embedded provider, a reload keeps the session, logout ends it', async ({
    page,
    request,
  }) => {
    const urls: string[] = []
    page.on('request', (r) => urls.push(r.url()))
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/oidc\/interaction\//)
    const authorize = urls.find((u) => u.includes('/oidc/auth?'))
    expect(authorize).toContain('code_challenge_method=S256')
    expect(authorize).toContain('scope=offline_access+openid+profile')
    await page.getByLabel('Email').fill('admin@example.com')
    await page.getByLabel('Password').fill('Demo-admin-1')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/$/)
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await expect(menu.getByRole('link', { name: 'Tasks' })).toBeVisible()
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible()
    // Tokens never travel in URLs.
    for (const url of urls) expect(url).not.toMatch(/access_token|id_token=|refresh_token/)
    const stored = await readBootStore<{
      kind: string
      refreshToken?: string
      token: string
      accessToken: string
    }>(page, 'session')
    expect(stored?.kind).toBe('oidc')
    expect(stored?.refreshToken, 'offline_access gives a refresh token').toBeTruthy()

    await page.reload()
    await expect(menu.getByRole('link', { name: 'Tasks' })).toBeVisible()
    await page.goto('/data-formats')
    await expect(page.getByTestId('data-format-row').first()).toBeVisible()

    await menu.getByRole('button', { name: 'Logout' }).click()
    await expect(page.getByRole('button', { name: 'Yes, sign me out' })).toBeVisible()
    // The console revoked the grant before the provider's page: the session's tokens no longer answer.
    expect(urls.some((u) => u.endsWith('/oidc/token/revocation'))).toBe(true)
    for (const token of [stored?.token, stored?.accessToken]) {
      const me = await request.get('/api/sandbox/me', { headers: { Authorization: `Bearer ${token}` } })
      expect(me.status()).toBe(401)
    }
    await page.getByRole('button', { name: 'Yes, sign me out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(menu.getByRole('link')).toHaveText(['Login', 'Data Products'])
    await page.goto('/tasks')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('a wrong password says "Login failed!"', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.getByLabel('Email').fill('admin@example.com')
    await page.getByLabel('Password').fill('wrong-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Login failed!')
    // The provider's page is touched on phones too: its fields and button are 44 px high at 360 px.
    await page.setViewportSize({ width: 360, height: 740 })
    for (const control of [page.getByLabel('Email'), page.getByRole('button', { name: 'Sign in' })]) {
      const box = await control.boundingBox()
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44)
    }
  })

  test('developer token sign-in, reload, logout; a bad token fails', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Access token').fill('not-a-token')
    await page.getByRole('button', { name: 'Sign in with token' }).click()
    await expect(page.getByRole('alert')).toHaveText('Login failed!')
    await signInWithToken(page, OPERATOR_TOKEN)
    await page.reload()
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible()
    await menu.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0)
  })

  test('a session an earlier version kept in its Dexie database survives the update, and a logout ends it', async ({
    page,
  }) => {
    await page.goto('/login')
    // The database as the earlier console's Dexie made it (schema version 2 is IndexedDB version 20).
    await page.evaluate(
      (token) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('orchestrator', 20)
          open.onupgradeneeded = () => {
            const db = open.result
            db.createObjectStore('session', { keyPath: 'key' })
            db.createObjectStore('cache', { keyPath: 'key' })
            const outbox = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true })
            outbox.createIndex('id', 'id', { unique: true })
            for (const index of ['userId', 'resource', 'entityId', 'status']) outbox.createIndex(index, index)
            db.createObjectStore('drafts', { keyPath: 'key' })
            db.createObjectStore('replaced', { keyPath: 'key' }).createIndex('at', 'at')
          }
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const tx = open.result.transaction('session', 'readwrite')
            tx.objectStore('session').put({
              key: 'current',
              kind: 'developer',
              user: { id: 'u0000000-0000-4000-8000-000000000002', email: 'operator@example.com' },
              token,
              expiresAt: Date.now() + 3_600_000,
            })
            tx.oncomplete = () => {
              open.result.close()
              resolve()
            }
          }
        }),
      OPERATOR_TOKEN,
    )
    await page.goto('/')
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible()
    expect((await readBootStore<{ token: string }>(page, 'session'))?.token).toBe(OPERATOR_TOKEN)
    await menu.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await page.reload()
    await expect(menu.getByRole('button', { name: 'Logout' })).toHaveCount(0)
  })

  test('the callback without a sign-in in progress shows the Timeout dialog and goes to login', async ({
    page,
  }) => {
    await page.goto('/redirect?code=stale&state=stale')
    const dialog = page.getByRole('dialog', { name: 'Timeout' })
    await expect(dialog).toContainText('Authentication was interrupted. You will be redirected to login.')
    await expect(page).toHaveURL(/\/redirect$/)
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 })
  })

  test('organizations are sorted accent-insensitively; a choice is stored and the page reloads', async ({
    signedIn: page,
  }) => {
    const select = page.getByRole('combobox', { name: 'Organization' })
    await expect(select.locator('option')).toHaveText([
      'Current organization...',
      'Aalto Logistics',
      'Ääneseudun Energia',
      'Bergen Maritime',
      'Équipe Nord',
      'Örebro Data',
      'Zeta Analytics',
    ])
    await expect(select).toHaveCSS('width', /\d+px/)
    const reload = page.waitForEvent('load')
    await select.selectOption({ label: 'Örebro Data' })
    await reload
    await expect(page.getByRole('combobox', { name: 'Organization' })).toHaveValue(/.+/)
    const stored = await page.evaluate(() => localStorage.getItem('organizationId'))
    expect(stored).toBeTruthy()
    await expect(page.getByRole('combobox', { name: 'Organization' }).locator('option:checked')).toHaveText(
      'Örebro Data',
    )
    // Clearing it reloads the page too: read once the new page has loaded.
    const cleared = page.waitForEvent('load')
    await page.getByRole('button', { name: 'Clear organization' }).click()
    await cleared
    await expect(page.getByRole('combobox', { name: 'Organization' })).toHaveValue('')
    expect(await page.evaluate(() => localStorage.getItem('organizationId'))).toBeNull()
  })

  test('the v1 API version hides the sources group', async ({ signedIn: page }) => {
    const menu = page.getByRole('navigation', { name: 'Main menu' })
    await expect(menu.getByRole('link', { name: 'Browse' })).toBeVisible()
    await page.getByLabel('API version').selectOption('v1')
    await expect(menu.getByRole('link', { name: 'Browse' })).toHaveCount(0)
    await expect(menu.getByRole('button', { name: 'Data Sources' })).toHaveCount(0)
    await page.getByLabel('API version').selectOption('v2')
    await expect(menu.getByRole('link', { name: 'Templates' })).toBeVisible()
  })
})

test.describe('sign-in wherever the console is reached, in Finnish', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'fi'))
  })

  test('opened as 127.0.0.1 the provider speaks Finnish, sign-in succeeds, and "No, stay signed in" keeps the console signed in', async ({
    page,
    baseURL,
  }) => {
    const origin = (baseURL ?? '').replace('//localhost', '//127.0.0.1')
    expect(origin).toContain('127.0.0.1')
    await page.goto(`${origin}/login`)
    await page.getByRole('button', { name: 'Kirjaudu sisään', exact: true }).click()
    await expect(page).toHaveURL(/\/oidc\/interaction\//)
    expect(new URL(page.url()).origin).toBe(origin)
    await expect(page.getByRole('heading', { name: 'Kirjaudu Orchestratoriin' })).toBeVisible()
    await page.getByLabel('Sähköposti').fill('admin@example.com')
    await page.getByLabel('Salasana').fill('Demo-admin-1')
    await page.getByRole('button', { name: 'Kirjaudu sisään' }).click()
    await expect(page).toHaveURL(`${origin}/`)
    const menu = page.getByRole('navigation', { name: 'Päävalikko' })
    await expect(menu.getByRole('link', { name: 'Tehtävät' })).toBeVisible()
    // The id token of this issuer is accepted by the platform.
    const stored = await readBootStore<{ token: string }>(page, 'session')
    const me = await page.request.get(`${origin}/api/sandbox/me`, {
      headers: { Authorization: `Bearer ${stored?.token}` },
    })
    expect(me.status()).toBe(200)

    await menu.getByRole('button', { name: 'Kirjaudu ulos' }).click()
    await expect(page.getByRole('heading', { name: 'Kirjaudutaanko ulos Orchestratorista?' })).toBeVisible()
    await page.getByRole('button', { name: 'Ei, pysy kirjautuneena' }).click()
    // Back in the console, signed in again through the provider session, without a password.
    await expect(menu.getByRole('button', { name: 'Kirjaudu ulos' })).toBeVisible({ timeout: 15_000 })
    await expect(page).toHaveURL(`${origin}/`)
    const again = await readBootStore<{ token: string }>(page, 'session')
    const meAgain = await page.request.get(`${origin}/api/sandbox/me`, {
      headers: { Authorization: `Bearer ${again?.token}` },
    })
    expect(meAgain.status()).toBe(200)

    // "Yes" still signs out.
    await menu.getByRole('button', { name: 'Kirjaudu ulos' }).click()
    await page.getByRole('button', { name: 'Kyllä, kirjaa minut ulos' }).click()
    await expect(page).toHaveURL(`${origin}/login`)
    await expect(menu.getByRole('button', { name: 'Kirjaudu ulos' })).toHaveCount(0)
  })

  test('a sign-in that cannot start says why, in Finnish', async ({ page }) => {
    // A provider that answers for another address, as the embedded one did for 127.0.0.1.
    await page.route('**/oidc/.well-known/openid-configuration', async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      await route.fulfill({ response, json: { ...body, issuer: 'http://elsewhere.example/oidc' } })
    })
    await page.goto('/login')
    await page.getByRole('button', { name: 'Kirjaudu sisään', exact: true }).click()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Kirjautuminen epäonnistui!')
    await expect(page.getByTestId('login-reason')).toHaveText(
      /^Kirjautumispalvelu ei vastaa tälle osoitteelle \(http:\/\/localhost:\d+\)\./,
    )
    await page.unroute('**/oidc/.well-known/openid-configuration')
    await page.route('**/oidc/.well-known/openid-configuration', (route) => route.abort('connectionrefused'))
    await page.getByRole('button', { name: 'Kirjaudu sisään', exact: true }).click()
    await expect(page.getByTestId('login-reason')).toHaveText(
      'Kirjautumispalveluun ei saatu yhteyttä. Tarkista yhteys ja yritä uudelleen.',
    )
  })

  test('a refusal by the provider is said in Finnish after the callback', async ({ page, baseURL }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Kirjaudu sisään', exact: true }).click()
    await expect(page).toHaveURL(/\/oidc\/interaction\//)
    const state = await page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('oidc.pending') ?? '{}') as { state?: string }).state,
    )
    expect(state).toBeTruthy()
    // The provider sends the browser back with an error instead of a code.
    const back = new URLSearchParams({
      error: 'access_denied',
      error_description: 'refused',
      state: state ?? '',
      iss: `${baseURL}/oidc`,
    })
    await page.goto(`/redirect?${back}`)
    await expect(page).toHaveURL(/\/login\?failed=1&reason=refused/)
    await expect(page.getByTestId('login-reason')).toHaveText(
      'Kirjautumispalvelu hylkäsi kirjautumisen. Yritä uudelleen.',
    )
  })
})
