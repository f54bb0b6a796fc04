// Which of the platform's changes this page's answers hold: a signed-in read carries `X-Live-Seq`, the
// newest change it includes. The lowest seen per environment is where a device's first live stream
// replays from, so a change made between the screen's first reads and the stream is not missed.

const lowest = new Map<string, number>()

/** Notes the seq an answer to `url` carried, if any. */
export function noteAnswerSeq(url: string, value: string | null) {
  if (value === null || !/^\d{1,15}$/.test(value)) return
  const seq = Number(value)
  const env = /^\/api\/([^/?]+)\//.exec(new URL(url, 'http://x').pathname)?.[1]
  if (!env) return
  const was = lowest.get(env)
  if (was === undefined || seq < was) lowest.set(env, seq)
}

/** The lowest seq this page's answers of `env` carried; undefined when none did. */
export const answersSeq = (env: string): number | undefined => lowest.get(env)
