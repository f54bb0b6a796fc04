import { resolve } from 'node:path'
import { createHttpServer } from './http-server'
import { createPlatform } from './platform'
import { createProxy } from './proxy'

const port = Number(process.env.PORT ?? 4173)
const dataDir = resolve(process.env.DATA_DIR ?? '.data')
const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '')
const distDir = resolve('dist')

async function main() {
  if (process.env.PLATFORM_URL) {
    const server = createHttpServer(createProxy(process.env.PLATFORM_URL, distDir))
    server.listen(port, () =>
      console.log(`Orchestrator console: http://localhost:${port} (platform ${process.env.PLATFORM_URL})`),
    )
    return
  }
  const { handle, scheduler, close } = await createPlatform({
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    publicUrl,
    seed: process.env.NODE_ENV !== 'production',
    distDir,
  })
  const server = createHttpServer(handle)
  scheduler.start(Number(process.env.SCHEDULER_TICK_MS) || undefined)
  const where = process.env.DATABASE_URL ? 'data in PostgreSQL' : `data in ${dataDir}`
  server.listen(port, () =>
    console.log(`Orchestrator console: http://localhost:${port} (${where}, process ${process.pid})`),
  )
  const stop = () => {
    server.close()
    void close().finally(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
