import { defineConfig } from 'vitest/config'

// The cross-browser suite (`npm run test:xbrowser`, tests/run-xbrowser.mjs): stock Firefox ESR and
// WebKitGTK against the built console. One file per browser, one after the other (2 cores).
export default defineConfig({
  test: {
    name: 'xbrowser',
    environment: 'node',
    include: ['tests/xbrowser/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: ['verbose'],
  },
})
