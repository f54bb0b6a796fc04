import type { ReactNode } from 'react'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { IntlProvider } from 'react-intl'
import { type ChunkMap, routeOf } from '../core/chunk-map'
import { type Locale, localeSetting, useLocale } from './locale'

type Catalog = Record<string, string>

/**
 * A built console loads each language's catalog in parts (vite.config.ts, chunk-map): the part of
 * the boot chunks, and per screen the messages its chunks use beyond it, each fetched with the
 * screen's chunks and merged before the screen renders. The build fills every part's gaps from
 * English, so a language needs its own parts only. The dev server and the unit tests, which have
 * no chunk map, load each language's whole catalog.
 */
const whole: Record<Locale, () => Promise<{ default: Catalog }>> | null = import.meta.env.DEV
  ? { en: () => import('../../lang/en.json'), fi: () => import('../../lang/fi.json') }
  : null

let chunkMap: ChunkMap | null | undefined
function readChunkMap(): ChunkMap | null {
  if (chunkMap === undefined) {
    try {
      const data = typeof document === 'undefined' ? null : document.getElementById('chunk-map')?.textContent
      chunkMap = data ? (JSON.parse(data) as ChunkMap) : null
    } catch {
      chunkMap = null
    }
  }
  return chunkMap
}

/** Each language's messages so far: the parts loaded merged into one object, new on every part. */
const merged = new Map<Locale, Catalog>()
/** The parts asked for (by file) and those in. */
const parts = new Map<string, Promise<void>>()
const partsIn = new Set<string>()
/** The screens (route patterns of the chunk map) opened: a language switch loads their parts too. */
const screens = new Set<string>()
const listeners = new Set<() => void>()

/**
 * Loads a part into a language's messages. A `quiet` part (the later one: only code not shown yet
 * uses it) is added to the messages in place, without rendering the console again.
 */
function loadPart(
  locale: Locale,
  key: string,
  load: () => Promise<{ default: Catalog }>,
  quiet = false,
): Promise<void> {
  let pending = parts.get(key)
  if (!pending) {
    pending = load().then(
      ({ default: part }) => {
        partsIn.add(key)
        const messages = merged.get(locale)
        if (quiet && messages) {
          Object.assign(messages, part)
          return
        }
        merged.set(locale, { ...messages, ...part })
        for (const listener of listeners) listener()
      },
      (error: unknown) => {
        // A part that did not arrive is asked for again next time.
        parts.delete(key)
        throw error
      },
    )
    parts.set(key, pending)
  }
  return pending
}

/**
 * Loads a language's boot part and the parts of these screens; undefined when all are in already.
 * Once the later parts are wanted they are fetched too, and waited for only `withLater`: a screen
 * does not wait for what only its dialogs say (they wait for it, `withLaterMessages`).
 */
function loadParts(locale: Locale, patterns: Iterable<string>, withLater = false): Promise<void> | undefined {
  const map = readChunkMap()
  const files = new Set<string>()
  const later = new Set<string>()
  if (map) {
    const catalog = map.lang[locale]
    for (const at of catalog ? [catalog.boot, ...[...patterns].map((p) => catalog.routes[p])] : [])
      if (at !== undefined) files.add(map.base + map.files[at])
    // The shell's later part, and the later part of each screen opened (what its dialogs say).
    if (laterWanted && catalog)
      for (const at of [catalog.later, ...[...patterns].map((p) => catalog.routesLater?.[p])])
        if (at !== undefined) later.add(map.base + map.files[at])
  }
  const loads: Promise<void>[] = []
  if (!map && whole) {
    const key = `whole:${locale}`
    if (!partsIn.has(key)) loads.push(loadPart(locale, key, whole[locale]))
  }
  const fetchPart = (file: string) => () => import(/* @vite-ignore */ file) as Promise<{ default: Catalog }>
  for (const file of files) if (!partsIn.has(file)) loads.push(loadPart(locale, file, fetchPart(file)))
  // After the others: quiet only once the language's messages are there.
  const first = Promise.all(loads)
  const laterLoads = [...later]
    .filter((file) => !partsIn.has(file))
    .map((file) => first.then(() => loadPart(locale, file, fetchPart(file), true)))
  for (const load of laterLoads) load.catch(() => undefined)
  const waited = withLater ? [...loads, ...laterLoads] : loads
  return waited.length ? Promise.all(waited).then(() => undefined) : undefined
}

/** Whether the later part is wanted: once asked for, a language switch loads it too. */
let laterWanted = false

/**
 * Loads the messages of the code loaded on demand (dialogs, the failure texts), in the language shown
 * and any other loaded. Never fails: a part that cannot come leaves those messages in English.
 */
export function loadLaterMessages(): Promise<void> {
  laterWanted = true
  const loads = [...new Set([localeSetting.get(), ...merged.keys()])].map((locale) =>
    loadParts(locale, screens, true),
  )
  return Promise.all(loads).then(
    () => undefined,
    () => undefined,
  )
}

/** `load` (a dynamic import of code with messages), resolved once its messages are in too. */
export function withLaterMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadLaterMessages()]).then(([loaded]) => loaded)
}

function screenOf(pathname: string): string | undefined {
  const map = readChunkMap()
  return map ? routeOf(Object.keys(map.routes), pathname) : undefined
}

/**
 * Loads a language's messages: the boot part, the part of the screen at `pathname` if given, and
 * those of every screen opened so far (a language switch).
 */
export async function loadCatalog(locale: Locale, pathname?: string): Promise<Catalog> {
  const screen = pathname === undefined ? undefined : screenOf(pathname)
  if (screen !== undefined) screens.add(screen)
  // A language switch shows the new language once what an open dialog says has come in it too.
  await loadParts(locale, screens, true)
  return merged.get(locale) ?? {}
}

/**
 * Loads the messages of the screen at an address in the chosen language, before the screen renders
 * (the root route's beforeLoad, also when a link is preloaded on intent). A part that cannot be
 * fetched does not hold the screen back: its messages show in English.
 */
export function loadScreenMessages(pathname: string): Promise<void> | undefined {
  const screen = screenOf(pathname)
  if (screen === undefined) return undefined
  screens.add(screen)
  // In the chosen language, and in any other loaded (still shown while a language switch loads).
  const loads = [...new Set([localeSetting.get(), ...merged.keys()])].map((locale) =>
    loadParts(locale, [screen]),
  )
  const pending = loads.filter((load) => load !== undefined)
  return pending.length
    ? Promise.all(pending).then(
        () => undefined,
        () => undefined,
      )
    : undefined
}

/** The messages of a language loaded so far; before any, the English default messages in the code. */
export function messagesFor(locale: Locale): Catalog {
  return merged.get(locale) ?? {}
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function I18nProvider({ children }: { children: ReactNode }) {
  const locale = useLocale()
  // The language shown changes only when its messages have arrived: no flash of untranslated text.
  const [shown, setShown] = useState<Locale>(() => locale)
  useEffect(() => {
    let current = true
    void loadCatalog(locale).then(() => current && setShown(locale))
    return () => {
      current = false
    }
  }, [locale])
  const messages = useSyncExternalStore(subscribe, () => messagesFor(shown))
  return (
    <IntlProvider locale={shown} defaultLocale="en" messages={messages}>
      {children}
    </IntlProvider>
  )
}
