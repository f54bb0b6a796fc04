-- Web Push subscriptions: one row per browser (its endpoint), owned by the user who added it. The
-- endpoint is unique: a browser that subscribes again, or for another user, replaces its row.
-- The VAPID keys are kept in `secrets` (made once, or taken from the configuration).
CREATE TABLE IF NOT EXISTS push_subscriptions (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  device_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS push_subscriptions_user ON push_subscriptions (user_id);
