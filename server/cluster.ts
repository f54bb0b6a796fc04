import cluster from 'node:cluster'

/**
 * `npm run serve:cluster`: WORKERS platform processes (default 3) on one DATABASE_URL behind one
 * port (node:cluster shares PORT between them). Each runs the API and the scheduler; slots are claimed
 * in the database, so every process may schedule. A process that dies is started again.
 */
if (cluster.isPrimary) {
  if (!process.env.DATABASE_URL) {
    console.error('serve:cluster needs DATABASE_URL: the embedded PGlite is one process by definition')
    process.exit(2)
  }
  const workers = Math.max(1, Number(process.env.WORKERS) || 3)
  let stopping = false
  for (let i = 0; i < workers; i += 1) cluster.fork()
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return
    console.error(`platform process ${worker.process.pid} ended (${signal ?? code}); starting another`)
    cluster.fork()
  })
  const stop = () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  console.log(`Orchestrator cluster: ${workers} platform processes (primary ${process.pid})`)
} else {
  await import('./main')
}
