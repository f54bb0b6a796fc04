import { Hono } from 'hono'
import { failure, ok } from '../../src/contract/envelope'
import { pushSubscriptionSchema } from '../../src/contract/push'
import type { Vars } from '../context'
import { route, userOf } from '../guard'
import { endpointProblem, type SubscriptionRow, saveSubscription, subscriptionView, vapidKeys } from '../push'
import { jsonBody, parseBody } from '../validate'

/** The caller's own Web Push subscriptions (their devices) and the key the browser subscribes with. */
export const push = new Hono<{ Variables: Vars }>()

route(push, 'get', '/:env/push/vapid-public-key', async (c) =>
  c.json(ok({ publicKey: (await vapidKeys(c.get('platform'))).publicKey })),
)

route(push, 'get', '/:env/push-subscriptions', async (c) => {
  const rows = await c
    .get('platform')
    .db.query<SubscriptionRow>(
      'SELECT * FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id',
      [userOf(c).id],
    )
  return c.json(ok(rows.map(subscriptionView)))
})

route(push, 'post', '/:env/push-subscriptions', async (c) => {
  const input = parseBody(pushSubscriptionSchema, await jsonBody(c.req.raw))
  if (!input.ok) return c.json(input.body, input.status as 400)
  // A push endpoint is called by the platform: the same rule as a webhook's address.
  const problem = endpointProblem(c.get('platform'), input.data.endpoint)
  if (problem)
    return c.json(failure(`endpoint: ${problem}`, { issues: [{ path: 'endpoint', message: problem }] }), 400)
  const row = await saveSubscription(c.get('platform').db, userOf(c).id, input.data)
  return c.json(ok(subscriptionView(row)), 201)
})

route(push, 'delete', '/:env/push-subscriptions/:id', async (c) => {
  // Another user's subscription is not found, as one that does not exist.
  const removed = await c
    .get('platform')
    .db.query('DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2 RETURNING id', [
      c.req.param('id'),
      userOf(c).id,
    ])
  if (removed.length === 0) return c.json(failure(`Subscription ${c.req.param('id')} was not found`), 404)
  return c.json(ok({ id: c.req.param('id') }))
})
