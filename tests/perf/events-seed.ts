// Prepares a data directory for the events benchmark: the demo seed, then copies of the sandbox's
// events (new ids, earlier times) until it holds at least `count` events. Run: tsx events-seed.ts DIR COUNT
import { migrate, openDb } from '../../server/db'
import { seed } from '../../server/seed'

const [dataDir, wanted = '10000'] = process.argv.slice(2)
if (!dataDir) throw new Error('usage: events-seed.ts DATA_DIR [COUNT]')
const db = await openDb({ dataDir })
const { fresh } = await migrate(db)
if (fresh) await seed({ db, now: Date.now, publicUrl: 'http://localhost' })
const count = async () =>
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE env = 'sandbox'"))[0]?.n ?? 0
let round = 1
while ((await count()) < Number(wanted)) {
  await db.query(
    `INSERT INTO events (env, id, ts, type, status, category, target_type, app_name, user_id, organization_id, data)
     SELECT env, n.id, ts - make_interval(days => $1), type, status, category, target_type, app_name, user_id,
            organization_id, data || jsonb_build_object('id', n.id, 'timestamp', to_char((ts - make_interval(days => $1)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
     FROM (SELECT *, gen_random_uuid()::text AS id2 FROM events WHERE env = 'sandbox' AND ts > now() - interval '61 days') e,
          LATERAL (SELECT e.id2 AS id) n`,
    [round * 61],
  )
  round += 1
}
console.log(`events in sandbox: ${await count()}`)
await db.close()
