// Builds both peers (vite, production) into dist-react-admin and dist-refine.
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
for (const peer of ['react-admin', 'refine']) {
  const result = spawnSync(
    process.execPath,
    [join(here, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(here, 'vite.config.mjs')],
    { cwd: here, stdio: 'inherit', env: { ...process.env, PEER: peer, NODE_ENV: 'production' } },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
}
