import type { SearchSchemaInput } from '@tanstack/react-router'
import type { PagedListName } from '../core/resources'
import { PAGE_SIZES, readPagination } from './list/pagination'

/**
 * A list's address, read field by field: a value that does not fit is dropped, never an error page.
 * Plain functions, not zod: route search validation is part of the first screen's script on every
 * page, /login included, and zod there would cost it 25 KB gzip.
 */
export type SearchField<T> = (raw: unknown) => T | undefined
type Shape = Record<string, SearchField<unknown>>
export type SearchOf<S extends Shape> = { [K in keyof S]?: NonNullable<ReturnType<S[K]>> }

/** One of the given words. */
export const oneOf =
  <const T extends string>(values: readonly T[]): SearchField<T> =>
  (raw) =>
    values.find((value) => value === raw)

/** Text the whole of which matches `pattern`. */
export const matching =
  (pattern: RegExp): SearchField<string> =>
  (raw) =>
    typeof raw === 'string' && pattern.test(raw) ? raw : undefined

/** Text of up to `max` characters that is not blank; kept as typed. */
export const searchText =
  (max = 200): SearchField<string> =>
  (raw) =>
    typeof raw === 'string' && raw.trim() !== '' && raw.length <= max ? raw : undefined

/** Text of up to `max` characters that is not blank, without its outer spaces. */
export const trimmedText =
  (max = 200): SearchField<string> =>
  (raw) =>
    typeof raw === 'string' && raw.trim() !== '' && raw.length <= max ? raw.trim() : undefined

/** Text that is not empty, cut to `max` characters. */
export const clippedText =
  (max = 200): SearchField<string> =>
  (raw) =>
    typeof raw === 'string' && raw !== '' ? raw.slice(0, max) : undefined

/** A whole number from 1 up, as a number or its digits. */
export const positiveInt: SearchField<number> = (raw) => {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined
}

/** A whole number from `min` to `max`, as a number or its digits. */
export const wholeBetween =
  (min: number, max: number): SearchField<number> =>
  (raw) => {
    const n = positiveInt(raw)
    return n !== undefined && n >= min && n <= max ? n : undefined
  }

/** Yes or no, as a boolean or its word. */
export const yesNo: SearchField<boolean> = (raw) => [true, false].find((b) => raw === b || raw === String(b))

/** One of the page sizes a list offers. */
export const sizeOf =
  (sizes: readonly number[]): SearchField<number> =>
  (raw) => {
    const n = positiveInt(raw)
    return n !== undefined && sizes.includes(n) ? n : undefined
  }

/** validateSearch of the fields of `shape`: each read on its own, a misfit undefined. */
export function searchSchema<S extends Shape>(shape: S): (raw: Record<string, unknown>) => SearchOf<S> {
  return (raw) => {
    const parsed: Record<string, unknown> = {}
    for (const [name, field] of Object.entries(shape)) parsed[name] = field(raw[name])
    return parsed as SearchOf<S>
  }
}

/** Optional in links: a link without them lands on the stored page. */
export interface PageSearch {
  page?: number
  limit?: number
}

/** A paged list's address once read: page and limit always there. */
export interface PageShown {
  page: number
  limit: number
}

/**
 * A route's validateSearch: it reads any address (the first signature), and tells the router that
 * links give `In` (the last signature, the one the router infers from; `SearchSchemaInput` marks it
 * as what links give), while the route reads `Out`.
 */
export interface SearchValidator<In, Out> {
  (raw: Record<string, unknown>): Out
  (given: In & SearchSchemaInput): Out
}

/**
 * validateSearch of a paged list: its own fields, and page and limit from the address, else those
 * stored for the list (`{list}.currentPage`, `{list}.limit`): optional in links, always numbers once read.
 */
export function pagedSearch<S extends Shape>(
  list: PagedListName,
  shape: S,
): SearchValidator<SearchOf<S> & PageSearch, SearchOf<S> & PageShown> {
  const fields = searchSchema(shape)
  const limitOf = sizeOf(PAGE_SIZES)
  return (raw: Record<string, unknown>) => {
    const stored = readPagination(list)
    return {
      ...fields(raw),
      page: positiveInt(raw.page) ?? stored.currentPage,
      limit: limitOf(raw.limit) ?? stored.limit,
    }
  }
}
