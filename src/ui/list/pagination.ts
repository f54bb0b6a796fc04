// UI layer: list state lives with the lists. Imports outbox/ and below, never api/, shell/ or features/.

import type { PagedListName } from '../../core/resources'

/** Each list keeps its pagination (currentPage, limit) in localStorage under `{list}.{field}`. */
export interface PageState {
  currentPage: number
  limit: number
}

/** The one place that names a list's stored pagination: `{list}.currentPage`, `{list}.limit`. */
const storageKey = (list: PagedListName, field: keyof PageState) => `${list}.${field}`

export const DEFAULT_PAGE: PageState = { currentPage: 1, limit: 10 }
const LIMITS = [5, 10, 20, 50, 100]

function readNumber(key: string): number | undefined {
  try {
    const value = Number(localStorage.getItem(key))
    return Number.isInteger(value) && value > 0 ? value : undefined
  } catch {
    return undefined
  }
}

export function readPagination(list: PagedListName, fallback: PageState = DEFAULT_PAGE): PageState {
  const limit = readNumber(storageKey(list, 'limit'))
  return {
    currentPage: readNumber(storageKey(list, 'currentPage')) ?? fallback.currentPage,
    limit: limit && LIMITS.includes(limit) ? limit : fallback.limit,
  }
}

export function savePagination(list: PagedListName, state: PageState) {
  try {
    localStorage.setItem(storageKey(list, 'currentPage'), String(state.currentPage))
    localStorage.setItem(storageKey(list, 'limit'), String(state.limit))
  } catch {
    // Storage full: the URL still carries the page.
  }
}

export function resetPagination(list: PagedListName) {
  try {
    localStorage.removeItem(storageKey(list, 'currentPage'))
  } catch {
    // Nothing to reset.
  }
}

export const PAGE_SIZES = LIMITS
