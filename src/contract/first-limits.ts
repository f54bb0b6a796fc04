// Zod-free: the routes' search rules, which load with every first screen, read these.

/** The monitoring date ranges (24 h to 2 months); 24 h and 48 h are counted per hour, the others per day. */
export const RANGES = ['24h', '48h', '7d', '14d', '30d', '60d'] as const
export type Range = (typeof RANGES)[number]
/** Seven days of history by default. */
export const DEFAULT_RANGE: Range = '7d'
/** Monitoring and stats start with a limit of 5. */
export const STATS_FIRST_LIMIT = 5
/** Events start with a limit of 5. */
export const EVENTS_FIRST_LIMIT = 5

export const isRange = (value: unknown): value is Range => RANGES.some((range) => range === value)
