/** The provider's own pages: plain, accessible HTML with no script at all. */
const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string,
  )

const texts = {
  en: {
    title: 'Sign in to Orchestrator',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    failed: 'Login failed!',
    throttled: (minutes: number) =>
      `Too many failed sign-ins. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    signOut: 'Sign out of Orchestrator?',
    yes: 'Yes, sign me out',
    no: 'No, stay signed in',
  },
  fi: {
    title: 'Kirjaudu Orchestratoriin',
    email: 'Sähköposti',
    password: 'Salasana',
    submit: 'Kirjaudu sisään',
    failed: 'Kirjautuminen epäonnistui!',
    throttled: (minutes: number) =>
      `Liian monta epäonnistunutta kirjautumista. Yritä uudelleen ${minutes} minuutin kuluttua.`,
    signOut: 'Kirjaudutaanko ulos Orchestratorista?',
    yes: 'Kyllä, kirjaa minut ulos',
    no: 'Ei, pysy kirjautuneena',
  },
}
export type PageLocale = keyof typeof texts
export const pageLocale = (value: unknown): PageLocale =>
  typeof value === 'string' && value.split(' ')[0] === 'fi' ? 'fi' : 'en'

const STYLE = `body{font-family:system-ui,sans-serif;background:#f5f5f7;color:#1f2937;margin:0}main{max-width:22rem;margin:4rem auto;background:#fff;padding:2rem;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}h1{font-size:1.4rem;margin:0 0 1rem}label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{width:100%;box-sizing:border-box;min-height:2.75rem;padding:.5rem;border:1px solid #9ca3af;border-radius:.375rem;font-size:1rem}button{margin-top:1.25rem;width:100%;min-height:2.75rem;padding:.6rem;border:0;border-radius:.375rem;background:#6d28d9;color:#fff;font-size:1rem;cursor:pointer}button.secondary{background:#fff;color:#4c1d95;border:1px solid #6d28d9}[role=alert]{background:#fef2f2;border:1px solid #fca5a5;color:#7f1d1d;padding:.5rem .75rem;border-radius:.375rem}:focus-visible{outline:3px solid #8b5cf6;outline-offset:2px}`

function page(locale: PageLocale, title: string, body: string) {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`
}

export function loginPage(
  locale: PageLocale,
  uid: string,
  email = '',
  state: { failed?: boolean; wait?: number } = {},
) {
  const t = texts[locale]
  const alert = state.wait ? t.throttled(Math.ceil(state.wait / 60)) : state.failed ? t.failed : undefined
  return page(
    locale,
    t.title,
    `<h1>${t.title}</h1>${alert ? `<p role="alert">${alert}</p>` : ''}
<form method="post" action="/oidc/interaction/${encodeURIComponent(uid)}/login">
<label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}">
<label for="password">${t.password}</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">${t.submit}</button></form>`,
  )
}

export function logoutPage(locale: PageLocale, form: string) {
  const t = texts[locale]
  return page(
    locale,
    t.signOut,
    `<h1>${t.signOut}</h1>${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${t.yes}</button><button class="secondary" type="submit" form="op.logoutForm">${t.no}</button>`,
  )
}

export function errorPage(locale: PageLocale, message: string) {
  return page(
    locale,
    'Error',
    `<h1>Error</h1><p role="alert">${escapeHtml(message)}</p><p><a href="/login">Orchestrator</a></p>`,
  )
}
