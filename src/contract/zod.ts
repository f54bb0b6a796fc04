import { config, z } from 'zod'

/**
 * zod, as the console uses it: every schema module imports `z` from here, so this runs before any
 * parse. zod probes for eval (new Function) to compile faster parsers; the console's Content Security
 * Policy forbids eval, and the probe alone reports a violation. The interpreted parser is fast enough
 * for the console's shapes.
 */
config({ jitless: true })

export { z }
