-- Every entity of the platform as a JSONB document with the columns lists filter and sort on.
CREATE TABLE entities (
  env text NOT NULL,
  kind text NOT NULL,
  id text NOT NULL,
  data jsonb NOT NULL,
  type text,
  code text,
  name text,
  status text,
  organization_id text,
  parent_id text,
  created_by text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (env, kind, id)
);
CREATE INDEX entities_list ON entities (env, kind, updated_at DESC);
CREATE INDEX entities_parent ON entities (env, kind, parent_id);
CREATE UNIQUE INDEX entities_product_code ON entities (env, code) WHERE kind = 'product' AND code IS NOT NULL;
CREATE TABLE events (
  env text NOT NULL,
  id text NOT NULL,
  ts timestamptz NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  category text,
  target_type text,
  app_name text,
  user_id text,
  organization_id text,
  data jsonb NOT NULL,
  PRIMARY KEY (env, id)
);
CREATE INDEX events_ts ON events (env, ts DESC);
CREATE TABLE request_log (
  env text NOT NULL,
  ts timestamptz NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status integer NOT NULL,
  organization_id text,
  duration_ms integer NOT NULL
);
CREATE INDEX request_log_ts ON request_log (env, ts);
CREATE TABLE users (
  id text PRIMARY KEY,
  email text UNIQUE NOT NULL,
  password_hash text NOT NULL,
  first_name text,
  last_name text,
  role text NOT NULL
);
CREATE TABLE permissions (
  user_id text NOT NULL,
  name text NOT NULL,
  entity_id text,
  application_id text
);
CREATE TABLE tokens (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  token_hash text UNIQUE NOT NULL,
  data jsonb NOT NULL
);
CREATE TABLE idempotency (
  key text NOT NULL,
  user_id text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  body_hash text NOT NULL,
  status integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, user_id)
);
CREATE TABLE configs (
  env text PRIMARY KEY,
  data jsonb NOT NULL
);
CREATE TABLE oidc_store (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE TABLE secrets (
  name text PRIMARY KEY,
  value jsonb NOT NULL
)
