// One peer per build: PEER=react-admin or PEER=refine (build.mjs builds both), production mode, with
// each script and stylesheet also written as .br and .gz beside it, as the console's own build does,
// so the bench's server sends both consoles' files compressed alike.
import { writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const here = dirname(fileURLToPath(import.meta.url))
const peer = process.env.PEER ?? 'react-admin'

function precompressed(outDir) {
  return {
    name: 'precompressed',
    apply: 'build',
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(m?js|css)$/.test(file.fileName)) continue
        const raw = Buffer.from(file.type === 'chunk' ? file.code : file.source)
        if (raw.length < 1024) continue
        const path = join(outDir, file.fileName)
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        )
        writeFileSync(`${path}.gz`, gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }))
      }
    },
  }
}

const outDir = join(here, `dist-${peer}`)
export default defineConfig({
  root: join(here, peer),
  base: '/',
  mode: 'production',
  logLevel: 'warn',
  plugins: [react(), precompressed(outDir)],
  // Each peer is one script, as vite builds such an app by default: measured so, without the warning.
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
})
