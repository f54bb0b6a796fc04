import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import { parse } from '@formatjs/icu-messageformat-parser'
import { gzipAsync } from '@gfx/zopfli'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { type ChunkMap, routePattern } from './src/core/chunk-map'
import { parentFiles, routeFileOf, splitCatalog } from './src/i18n/catalog-split'
import { messageIdsIn } from './src/i18n/message-ids'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** Catalogs ship as precompiled message ASTs, so the ICU parser stays out of the bundle. */
function precompiledCatalogs(): Plugin {
  return {
    name: 'precompiled-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/lang\/[a-z]{2}\.json$/.test(id)) return
      const own = JSON.parse(code) as Record<string, string>
      // Every catalog carries English for what it lacks, so a language loads one catalog only.
      const english = /\/lang\/en\.json$/.test(id)
        ? {}
        : (JSON.parse(readFileSync(new URL('./lang/en.json', import.meta.url), 'utf8')) as Record<
            string,
            string
          >)
      const messages = { ...english, ...own }
      const ast = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]))
      return { code: JSON.stringify(ast), map: null }
    },
  }
}

/**
 * The stylesheet is inlined into index.html: a linked one blocks the first paint for a round trip
 * (the static frame waited for it). The file stays emitted for anything that links it.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = bundle?.[file]
            if (asset?.type !== 'asset') return tag
            return `<style>${String(asset.source)}</style>`
          },
        )
      },
    },
  }
}

/**
 * Each script and stylesheet of the build is also written compressed, as `file.br` (Brotli at its
 * best setting) and `file.gz`, so a server sends the bytes ready-made (server/static.ts): no CPU spent
 * per request on the 2-core machines the console starts on, and Brotli's 15-20 % fewer bytes than the
 * on-the-fly gzip a server can afford. Brotli in zlib's thread pool, in parallel.
 */
function precompressed(): Plugin {
  const brotli = promisify(brotliCompress)
  let outDir = 'dist'
  return {
    name: 'precompressed',
    apply: 'build',
    configResolved(resolved) {
      outDir = resolved.build.outDir
    },
    async writeBundle(_options, bundle) {
      await Promise.all(
        Object.values(bundle)
          .filter((file) => /\.(m?js|css|json|svg|webmanifest)$/.test(file.fileName))
          .map(async (file) => {
            const source = file.type === 'chunk' ? file.code : file.source
            const raw = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source)
            if (raw.length < 1024) return
            const path = join(outDir, file.fileName)
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              // Zopfli writes ordinary gzip 3 % smaller than zlib's best (the gzip a browser without
              // Brotli is sent), for some 7 s of a build.
              gzipAsync(raw, { numiterations: 5 }),
            ])
            writeFileSync(`${path}.br`, br)
            writeFileSync(`${path}.gz`, gz)
          }),
      )
    },
  }
}

/**
 * Vite wraps each dynamic import in a helper that preloads the chunk's dependencies (3.4 KB in the
 * entry script). Here there are none to preload (no module preload, one stylesheet inlined) and the
 * chunk map preloads a screen's chunks: the helper only passes a failed import on as
 * `vite:preloadError` (which chunk recovery hears), so that is all this one does. A build that gives
 * an import dependencies to preload fails instead of losing them.
 */
function lightPreloadHelper(): Plugin {
  const id = '\0vite/preload-helper.js'
  return {
    name: 'light-preload-helper',
    apply: 'build',
    enforce: 'pre',
    load: {
      filter: { id: new RegExp(`^${id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) },
      handler: () =>
        `export const __vitePreload = (load) => load().catch((error) => {
  const event = new Event('vite:preloadError', { cancelable: true })
  event.payload = error
  window.dispatchEvent(event)
  if (!event.defaultPrevented) throw error
})`,
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.code.includes('__vite__mapDeps'))
          throw new Error(`light-preload-helper: ${chunk.fileName} has dependencies to preload`)
    },
  }
}

/** The id of the chunk map in index.html: read by the entry script (src/shell/preload.ts). */
/**
 * The modules every screen starts with, beside the entry's and the libraries': what `src/main.tsx`
 * imports statically, less what the entry script already holds. Left to the bundler they became a
 * score of small chunks (each shared with some screen's chunks), all loaded at every start: one chunk
 * is fewer requests, and compresses better than its parts (/login: 27 files -> N).
 */
const shellModules = new Set<string>()
const kitModules = new Set<string>()
/** The libraries every screen starts with (one chunk): those main.tsx reaches, not all of a package. */
const FRAMEWORK =
  /node_modules[\\/](@tanstack[\\/](react-router|router-core|history|react-store|store|query-core|react-query)|react-intl|@formatjs|intl-messageformat|idb-keyval|tslib)[\\/]/
const frameworkModules = new Set<string>()
/** Of those, what only some screens use: the infinite queries (events, since), parallel ones (home). */
const SCREEN_ONLY =
  /[\\/](query-core[\\/]build[\\/]modern[\\/](infiniteQueryObserver|queriesObserver)|react-query[\\/]build[\\/]modern[\\/](useInfiniteQuery|useQueries|useSuspense\w*|usePrefetch\w*))\.js$/
function shellClosure(): Plugin {
  return {
    name: 'shell-closure',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()]
      const reach = (from: string | undefined, into: Set<string>) => {
        const stack = from ? [from] : []
        while (stack.length > 0) {
          const id = stack.pop() as string
          if (into.has(id)) continue
          into.add(id)
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
        return into
      }
      const entry = reach(
        ids.find((id) => id.endsWith('/index.html')),
        new Set(),
      )
      const main = reach(
        ids.find((id) => /\/src\/main\.tsx$/.test(id)),
        new Set(),
      )
      // What only some screens use of these packages (the infinite queries of the events, the home's
      // parallel queries) stays with those screens instead of riding in every screen's first chunk.
      frameworkModules.clear()
      for (const id of [...entry, ...main])
        if (FRAMEWORK.test(id) && !SCREEN_ONLY.test(id)) frameworkModules.add(id)
      shellModules.clear()
      for (const id of main)
        if (
          !entry.has(id) &&
          !/\/src\/main\.tsx$/.test(id) &&
          !/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|\/src\/core\/dom-client\.ts$/.test(id) &&
          !SCREEN_ONLY.test(id)
        )
          shellModules.add(id)
      // What every list screen (a route's index with a table) starts with: the table, its states, row
      // actions, the resource reads. One chunk too, instead of a dozen small ones each compressed on
      // its own. What sign-in starts with as well goes to the shell.
      const components = ids.filter((id) => /\/src\/routes\/.+\?tsr-split=component$/.test(id))
      const closures = components.map((id) => [id, reach(id, new Set())] as const)
      const tables = closures.filter(
        ([id, c]) =>
          /\/index\.tsx\?/.test(id) && [...c].some((module) => /\/src\/ui\/data-table\.tsx$/.test(module)),
      )
      const login = closures.find(([id]) => /\/src\/routes\/login\.tsx\?/.test(id))?.[1]
      // Not what the shell loads on demand (the outbox, say): the kit's messages would then be boot's.
      const onDemand = new Set<string>()
      for (const id of main)
        for (const lazy of this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          if (!/\?tsr-split=/.test(lazy)) reach(lazy, onDemand)
      kitModules.clear()
      for (const id of tables[0]?.[1] ?? []) {
        if (!tables.every(([, c]) => c.has(id))) continue
        if (entry.has(id) || main.has(id) || /[\\/]node_modules[\\/]|\/src\/routes\//.test(id)) continue
        if (login?.has(id)) shellModules.add(id)
        else if (!onDemand.has(id)) kitModules.add(id)
      }
    },
  }
}

const CHUNK_MAP_ID = 'chunk-map'

const LOCALE_FILES = { en: 'lang/en.json', fi: 'lang/fi.json' } as const

/** Each language's messages as precompiled ASTs, English filling what a language lacks. */
function compiledCatalogs(): Record<string, Record<string, unknown>> {
  const read = (file: string) =>
    JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')) as Record<string, string>
  const english = read(LOCALE_FILES.en)
  return Object.fromEntries(
    Object.entries(LOCALE_FILES).map(([locale, file]) => {
      const messages = { ...english, ...read(file) }
      return [locale, Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]))]
    }),
  )
}

/**
 * The chunks each screen starts with, written into index.html as data (not a script: the CSP allows
 * none inline), so the entry script preloads them at once (preload) instead of the module
 * loader discovering them import by import: the console's boot chunks, the answer schemas for
 * screens that show the platform's data, and per route file the chunks of its split parts and of
 * its parent routes', each with its static imports. The language catalogs are split the same way
 * (src/i18n/catalog-split.ts): a boot part per language, per route the messages its chunks
 * use beyond it, each a module of its own, listed in the map beside the route's chunks, and a later
 * part with what the code loaded on demand uses.
 */
function chunkMap(): Plugin {
  let config: ResolvedConfig
  let map = ''
  return {
    name: 'chunk-map',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
        const byFile = new Map(chunks.map((c) => [c.fileName, c]))
        const files: string[] = []
        const index = (file: string) => {
          const at = files.indexOf(file)
          return at >= 0 ? at : files.push(file) - 1
        }
        // The entry script itself is running when the map is read.
        const entryChunks = chunks.filter((c) => c.isEntry)
        const entries = new Set(entryChunks.map((c) => index(c.fileName)))
        const closure = (file: string, into = new Set<number>()) => {
          const at = index(file)
          if (into.has(at)) return into
          into.add(at)
          for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into)
          return into
        }
        const facade = (test: RegExp) => chunks.find((c) => c.facadeModuleId && test.test(c.facadeModuleId))
        const main = facade(/\/src\/main\.tsx$/)
        const client = facade(/\/src\/core\/dom-client\.ts$/)
        const answers = facade(/\/src\/contract\/answers\.ts$/)
        if (!main || !answers) throw new Error('chunk-map: the main or answers chunk was not found')
        const boot = closure(main.fileName)
        if (client) closure(client.fileName, boot)
        for (const at of entries) boot.delete(at)
        // Route files by their split parts' chunks (`src/routes/x.tsx?tsr-split=component`).
        const parts = new Map<string, Set<number>>()
        for (const c of chunks) {
          const file = routeFileOf(c.facadeModuleId ?? '')
          if (file) parts.set(file, closure(c.fileName, parts.get(file)))
        }
        const routes: Record<string, number[]> = {}
        const patternOf = new Map<string, string>()
        const startsWith = new Map<string, Set<number>>()
        for (const [file, own] of parts) {
          const all = new Set(own)
          for (const parent of parentFiles(file)) for (const at of parts.get(parent) ?? []) all.add(at)
          // Every screen but sign-in shows the platform's data, checked against the answer schemas.
          if (!/^(login|redirect)$/.test(file)) closure(answers.fileName, all)
          for (const at of boot) all.delete(at)
          patternOf.set(file, routePattern(file))
          startsWith.set(file, all)
          routes[routePattern(file)] = [...all]
        }

        // The messages: ids named by each module's source file, kept if the catalog has them.
        const catalogs = compiledCatalogs()
        const known = catalogs.en ?? {}
        const idsByFile = new Map<string, string[]>()
        const idsOfModule = (moduleId: string) => {
          const path = moduleId.replace(/\?.*$/, '')
          if (!/\/src\/.+\.tsx?$/.test(path) || path.includes('/node_modules/')) return []
          let ids = idsByFile.get(path)
          if (!ids) {
            ids = messageIdsIn(readFileSync(path, 'utf8')).filter((id) => id in known)
            idsByFile.set(path, ids)
          }
          return ids
        }
        const split = splitCatalog(
          chunks,
          [...entryChunks.map((c) => c.fileName), main.fileName, ...(client ? [client.fileName] : [])],
          idsOfModule,
        )
        // Every chunk a screen starts with has its messages in the boot part or the screen's.
        for (const [file, all] of startsWith) {
          if (file === '__root') continue
          const has = new Set([...split.boot, ...(split.routes[file] ?? [])])
          for (const at of [...all, ...boot]) {
            const chunk = byFile.get(files[at] ?? '')
            const missing = (chunk?.moduleIds ?? []).flatMap(idsOfModule).filter((id) => !has.has(id))
            if (missing.length)
              throw new Error(`chunk-map: ${file} lacks messages of ${files[at]}: ${missing}`)
          }
        }
        const emitted = new Set<string>()
        const emit = (locale: string, ids: string[]) => {
          const messages = catalogs[locale] ?? {}
          const text = JSON.stringify(Object.fromEntries(ids.map((id) => [id, messages[id]])))
          const source = `export default JSON.parse(${JSON.stringify(text)})\n`
          const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8)
          const fileName = `assets/messages-${locale}-${hash}.js`
          if (!emitted.has(fileName)) this.emitFile({ type: 'asset', fileName, source })
          emitted.add(fileName)
          return index(fileName)
        }
        const lang: ChunkMap['lang'] = {}
        for (const locale of Object.keys(catalogs)) {
          const own: Record<string, number> = {}
          for (const [file, ids] of Object.entries(split.routes)) {
            const pattern = patternOf.get(file)
            if (pattern !== undefined && ids.length > 0) own[pattern] = emit(locale, ids)
          }
          const ownLater: Record<string, number> = {}
          for (const [file, ids] of Object.entries(split.routesLater)) {
            const pattern = patternOf.get(file)
            if (pattern !== undefined) ownLater[pattern] = emit(locale, ids)
          }
          lang[locale] = {
            boot: emit(locale, split.boot),
            routes: own,
            ...(split.later.length > 0 ? { later: emit(locale, split.later) } : {}),
            routesLater: ownLater,
          }
        }
        map = JSON.stringify({ base: config.base, files, boot: [...boot], lang, routes }).replace(
          /</g,
          '\\u003c',
        )
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!map) return html
        return html.replace(
          '</head>',
          `<script type="application/json" id="${CHUNK_MAP_ID}">${map}</script>\n  </head>`,
        )
      },
    },
  }
}

export default defineConfig(({ command }) => ({
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  resolve: {
    alias:
      command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : [],
  },
  plugins: [
    shellClosure(),
    precompiledCatalogs(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders pull in their screen's API module: split them too, so the first load of /login
      // carries only the shell, not every area's fetchers.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['errorComponent', 'notFoundComponent', 'pendingComponent'],
        ],
      },
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    tailwindcss(),
    inlineStylesheet(),
    lightPreloadHelper(),
    chunkMap(),
    precompressed(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        // A stable identity: the installed app stays the same one whatever start_url becomes.
        id: '/',
        // In Finnish, as lang says: the console starts in Finnish (SPEC §9, default locale fi), and
        // a manifest has one language. The install dialog and the shortcuts show these texts.
        name: 'Orchestrator-konsoli',
        short_name: 'Orchestrator',
        description: 'Datatuotteiden markkinapaikan ja integraatioalustan hallintakonsoli',
        lang: 'fi',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#6d28d9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The rich install dialog: screenshots of the running console (tests/tools/make-screenshots.mjs).
        screenshots: [
          {
            src: '/screenshots/narrow.png',
            sizes: '720x1480',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Tehtävät puhelimessa',
          },
          {
            src: '/screenshots/wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Tehtävät tietokoneella',
          },
        ],
        shortcuts: [
          {
            name: 'Tehtävät',
            short_name: 'Tehtävät',
            url: '/tasks',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Tapahtumat',
            short_name: 'Tapahtumat',
            url: '/events',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      injectManifest: {
        // A classic script: the worker's outbox replay loads the outbox database with a dynamic import,
        // which an ES build wraps in a helper reading import.meta, a syntax error in a classic worker.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json}'],
        // The install dialog's screenshots are never shown by the console: not downloaded for offline use.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    // One stylesheet, inlined into index.html: no chunk loads CSS of its own afterwards.
    cssCodeSplit: false,
    // No <link rel=modulepreload> per dependency: appending them cost 10-30 ms of main thread per
    // screen; the browser's module loader fetches a chunk's imports itself, and the service worker
    // has them all after the first visit.
    modulePreload: false,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The router, query, intl and boot-store libraries every screen starts with, in one chunk
          // rather than a dozen: fewer requests and a shallower import waterfall at start-up (/login:
          // 35 files -> 23, 147 -> 144 KB gzip). React DOM stays apart: boot.ts runs it in a task of its own.
          groups: [
            {
              name: 'framework',
              priority: 2,
              test: (id: string) => frameworkModules.has(id),
            },
            {
              name: 'shell',
              priority: 1,
              test: (id: string) => shellModules.has(id),
              // The entry script's own modules stay in it: they run before any of this is fetched.
              includeDependenciesRecursively: false,
            },
            {
              name: 'table-kit',
              priority: 0,
              test: (id: string) => kitModules.has(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}))
