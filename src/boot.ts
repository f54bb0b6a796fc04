import { claimChunkReload } from './offline/chunk-recovery'
import './styles.css'

/**
 * The entry: index.html's static frame (with the screen's heading, filled in by the platform) paints
 * first, then the console is fetched and run. Fetching it only after that paint keeps its download
 * and start-up from delaying what the user sees first; a hidden page starts at once (it never paints).
 */
let started = false
function start() {
  if (started) return
  started = true
  import('./main').catch(() => {
    // The console's chunk is gone (a deploy replaced it): one reload a minute, as for any chunk.
    if (claimChunkReload()) location.reload()
  })
}

if (document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(start, 0))
  document.addEventListener('visibilitychange', start, { once: true })
} else {
  start()
}
