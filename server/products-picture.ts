import { createIntl, type IntlShape } from '@formatjs/intl'

/**
 * The platform's picture of a visitor's product list: the public products' first page, written into
 * the page's static frame as the console would render it (the same markup and classes, in the user's
 * language), so a first visit shows the list before the console's script has arrived. The frame is
 * inert and hidden from assistive technology: nothing in it can be clicked, and the console replaces
 * it when it renders. Its "fetched at" time is the platform's, in UTC, since it cannot know the
 * visitor's time zone.
 */

/** The console's first page of a visitor's product list: page 1, ten rows (contract VISITOR_FIRST_READ). */
const FIRST_PAGE = { limit: 10 } as const
const PAGE_SIZES = [5, 10, 20, 50, 100]
const STATUSES = ['draft', 'published', 'archived']
const SORT_FIELDS = ['updatedAt', 'createdAt', 'name', 'productCode', 'status']

/** A product as the picture reads it: any field may be missing or of another type. */
export interface PictureRow {
  id: string
  name: string
  productCode: string
  status: string
  organizationName: string
  publisherOrganizationId: string
  updatedAt: string
}

/** The list's answer, read tolerantly: undefined when any item lacks an id or a name (the console says why). */
export function readFirstPage(body: unknown): { rows: PictureRow[]; totalCount: number } | undefined {
  if (!body || typeof body !== 'object') return undefined
  const answer = body as { result?: unknown; pagination?: { totalCount?: unknown } }
  if (!Array.isArray(answer.result) || answer.result.length === 0) return undefined
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const rows: PictureRow[] = []
  for (const item of answer.result) {
    if (!item || typeof item !== 'object') return undefined
    const f = item as Record<string, unknown>
    if (typeof f.id !== 'string' || !f.id || typeof f.name !== 'string') return undefined
    rows.push({
      id: f.id,
      name: f.name,
      productCode: text(f.productCode),
      status: text(f.status),
      organizationName: text(f.organizationName),
      publisherOrganizationId: text(f.publisherOrganizationId),
      updatedAt: text(f.updatedAt),
    })
  }
  const total = answer.pagination?.totalCount
  // Without a total the console counts this page only; the picture then shows no total either.
  const totalCount = typeof total === 'number' && Number.isInteger(total) && total >= 0 ? total : -1
  return { rows: rows.slice(0, FIRST_PAGE.limit), totalCount }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const control = 'rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm'
const label = 'block text-xs font-medium text-gray-700'
const pageButton =
  'rounded-md border border-gray-300 bg-white px-3 py-1 text-sm disabled:text-gray-400 hover:bg-gray-50'

/** The list's page under its heading: filters, fetched-at line, table and pagination, as the console's. */
export function productsPicture(
  messages: Record<string, string>,
  locale: string,
  page: { rows: PictureRow[]; totalCount: number },
  now: number,
): string {
  const intl: IntlShape<string> = createIntl({ locale, messages, onError: () => undefined })
  const t = (id: string, values?: Record<string, string | number>) =>
    escapeHtml(String(intl.formatMessage({ id }, values)))
  const field = (name: string) => t(`catalog.field.${name}`)
  const status = (value: string) =>
    STATUSES.includes(value) ? t(`catalog.status.${value}`) : escapeHtml(value)
  const day = (iso: string) => {
    const at = Date.parse(iso)
    return Number.isNaN(at) ? '' : escapeHtml(intl.formatDate(at, { dateStyle: 'medium', timeZone: 'UTC' }))
  }
  const options = (values: [string, string][]) =>
    values.map(([value, text]) => `<option value="${value}">${text}</option>`).join('')
  const select = (name: string, values: [string, string][]) =>
    `<div><label class="${label}">${t(name)}</label><select class="${control}">${options(values)}</select></div>`

  const filters =
    `<div class="mb-3 flex flex-wrap items-end gap-3 text-sm"><search><form class="flex items-end gap-2"><div>` +
    `<label class="${label}">${t('catalog.search')}</label>` +
    `<input placeholder="${t('catalog.searchHint')}" class="${control} w-56" type="search" value=""></div>` +
    `<button type="button" class="${control} hover:bg-gray-50">${t('catalog.searchButton')}</button></form></search>` +
    select('catalog.status', [
      ['', t('catalog.allStatuses')],
      ...STATUSES.map((s): [string, string] => [s, status(s)]),
    ]) +
    select(
      'catalog.sortBy',
      SORT_FIELDS.map((f): [string, string] => [f, field(f)]),
    ) +
    select('catalog.sortOrder', [
      ['desc', t('catalog.desc')],
      ['asc', t('catalog.asc')],
    ]) +
    '</div>'

  const time = escapeHtml(
    intl.formatTime(now, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }),
  )
  const fetched =
    '<div class="mb-2 min-h-4"><div class="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-600" data-testid="fetched-at">' +
    `<p>${t('data.fetchedAt', { day: 'today', date: '', time })}</p></div></div>`

  const sortHeader = (name: string, hide: string, active: boolean) =>
    `<th scope="col" class="px-4 py-3${hide}"${active ? ' aria-sort="descending"' : ''}>` +
    `<button type="button" class="inline-flex items-center gap-1 font-semibold hover:text-primary-800">${field(name)}` +
    `<span aria-hidden="true" class="${active ? 'text-primary-800' : 'text-gray-400'}">▼</span></button></th>`
  const head =
    '<thead class="border-b bg-gray-50 text-gray-700"><tr>' +
    sortHeader('name', '', false) +
    sortHeader('productCode', ' hidden md:table-cell', false) +
    sortHeader('status', '', false) +
    `<th scope="col" class="px-4 py-3 hidden lg:table-cell">${t('catalog.publisherFilter')}</th>` +
    sortHeader('updatedAt', ' hidden lg:table-cell', true) +
    `<th scope="col" class="px-4 py-3"><span class="sr-only">${t('common.actions')}</span></th></tr></thead>`
  const publisher = (row: PictureRow) =>
    row.publisherOrganizationId && row.organizationName
      ? `<button type="button" class="text-left text-primary-800 underline" title="${t('catalog.filterByPublisher')}">${escapeHtml(row.organizationName)}</button>`
      : escapeHtml(row.organizationName)
  const row = (r: PictureRow) => {
    const code = escapeHtml(r.productCode)
    return (
      '<tr data-testid="catalog-row" class="border-b last:border-0">' +
      `<td class="px-4 py-3 [overflow-wrap:anywhere]"><a class="text-primary-800 underline" href="/products/${encodeURIComponent(r.id)}">${escapeHtml(r.name)}</a>` +
      `<span class="block min-w-[16ch] font-mono text-xs text-gray-600 md:hidden">${code}</span></td>` +
      `<td class="px-4 py-3 hidden md:table-cell font-mono"><span class="block min-w-[16ch]">${code}</span></td>` +
      `<td class="px-4 py-3 whitespace-nowrap">${status(r.status)}</td>` +
      `<td class="px-4 py-3 hidden lg:table-cell">${publisher(r)}</td>` +
      `<td class="px-4 py-3 hidden lg:table-cell">${day(r.updatedAt)}</td>` +
      '<td class="px-1 py-3 sm:px-4 text-right whitespace-nowrap"><div class="flex flex-col items-end gap-4 sm:flex-row sm:items-center sm:justify-end sm:gap-0"></div></td></tr>'
    )
  }
  const title = t('page.products')
  const table =
    '<div class="overflow-x-auto rounded-lg bg-white shadow-sm"><table class="w-full text-left text-sm">' +
    `<caption class="sr-only">${title}</caption>${head}<tbody>${page.rows.map(row).join('')}</tbody></table></div>`

  const counted = page.totalCount >= 0
  const pages = counted ? Math.max(1, Math.ceil(page.totalCount / FIRST_PAGE.limit)) : 1
  const more = !counted && page.rows.length === FIRST_PAGE.limit
  const disabled = (yes: boolean) => (yes ? ' disabled=""' : '')
  const count = counted ? page.totalCount : page.rows.length
  const pagination =
    '<nav class="mt-4 flex flex-wrap items-center gap-2 text-sm">' +
    `<button type="button" class="${pageButton}" disabled="">${t('pagination.previous')}</button>` +
    `<span>${counted ? t('pagination.position', { page: 1, pages }) : t('pagination.page', { page: 1 })}</span>` +
    `<button type="button" class="${pageButton}"${disabled(pages <= 1 && !more)}>${t('pagination.next')}</button>` +
    `<label class="ml-auto flex items-center gap-2">${t('pagination.size')}<select class="rounded-md border border-gray-300 bg-white px-2 py-1">` +
    PAGE_SIZES.map(
      (size) => `<option value="${size}"${size === FIRST_PAGE.limit ? ' selected=""' : ''}>${size}</option>`,
    ).join('') +
    '</select></label>' +
    `<span class="text-gray-600">${more ? t('pagination.atLeast', { count }) : t('pagination.total', { count })}</span></nav>`

  // Shown once its end is parsed (styles.css): a table painted while its rows arrive moves its headers.
  return `<div data-list-picture>${filters}${fetched}${table}${pagination}<i data-picture-end hidden></i></div>`
}
