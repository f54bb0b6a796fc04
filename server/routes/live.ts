import { Hono } from 'hono'
import { failure } from '../../src/contract/envelope'
import type { Vars } from '../context'
import { route, userOf } from '../guard'
import { liveHandler } from '../live'

/** The live stream of changes (live.ts, docs/live.md). */
export const live = new Hono<{ Variables: Vars }>()

route(live, 'get', '/:env/live', (c) => {
  const hub = c.get('platform').live
  if (!hub) return c.json(failure('The live stream is not available'), 503)
  return liveHandler(c, hub, userOf(c))
})
