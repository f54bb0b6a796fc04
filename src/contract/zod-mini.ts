import * as z from 'zod/mini'

/**
 * zod's small build, for the answers checked at the door: the first screens load it, not the
 * classic zod of the forms (`./zod`). Set up as `./zod` is: eval-compiled parsers are off, so the
 * strict Content Security Policy holds.
 */
z.config({ jitless: true })

export { z }
