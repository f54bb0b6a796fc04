/** SPEC §9: pagination (currentPage, limit) per list, under `{list}.{field}` in localStorage. */
export interface PageState {
  currentPage: number
  limit: number
}

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

export function readPagination(list: string, fallback: PageState = DEFAULT_PAGE): PageState {
  const limit = readNumber(`${list}.limit`)
  return {
    currentPage: readNumber(`${list}.currentPage`) ?? fallback.currentPage,
    limit: limit && LIMITS.includes(limit) ? limit : fallback.limit,
  }
}

export function savePagination(list: string, state: PageState) {
  try {
    localStorage.setItem(`${list}.currentPage`, String(state.currentPage))
    localStorage.setItem(`${list}.limit`, String(state.limit))
  } catch {
    // Storage full: the URL still carries the page.
  }
}

export function resetPagination(list: string) {
  try {
    localStorage.removeItem(`${list}.currentPage`)
  } catch {
    // Nothing to reset.
  }
}

export const offsetOf = ({ currentPage, limit }: PageState) => (currentPage - 1) * limit
export const PAGE_SIZES = LIMITS
