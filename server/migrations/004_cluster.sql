-- Several processes on one database (issue 36).
-- One clock for every process's version stamps: strictly increasing milliseconds, so an updatedAt
-- (the ETag) is never given twice, whichever process wrote it.
CREATE TABLE stamp_clock (
  id integer PRIMARY KEY,
  last bigint NOT NULL
);
INSERT INTO stamp_clock (id, last) VALUES (1, 0);
-- A data format's code is unique in its environment, as a product's is: a duplicate made before this
-- index gets its id's first characters appended.
UPDATE entities e SET code = e.code || '-' || left(e.id, 8),
  data = jsonb_set(e.data, '{dataFormatCode}', to_jsonb(e.code || '-' || left(e.id, 8)))
WHERE e.kind = 'data-format' AND e.code IS NOT NULL AND EXISTS (
  SELECT 1 FROM entities f WHERE f.env = e.env AND f.kind = 'data-format' AND f.code = e.code
    AND (f.created_at < e.created_at OR (f.created_at = e.created_at AND f.id < e.id)));
CREATE UNIQUE INDEX entities_data_format_code ON entities (env, code) WHERE kind = 'data-format' AND code IS NOT NULL;
-- Where each schedule of a task (its interval, each cron job) stands: the next slot not yet claimed.
CREATE TABLE schedule_cursors (
  env text NOT NULL,
  task_id text NOT NULL,
  source text NOT NULL,
  next_at bigint NOT NULL,
  PRIMARY KEY (env, task_id, source)
);
-- Every slot claimed, once: the primary key makes a second claim of a slot impossible. A running slot
-- has an owner and a lease; another process takes it over when the lease has run out.
CREATE TABLE schedule_slots (
  env text NOT NULL,
  task_id text NOT NULL,
  source text NOT NULL,
  slot_at bigint NOT NULL,
  state text NOT NULL,
  owner text,
  lease_until bigint,
  attempts integer NOT NULL DEFAULT 1,
  run_id text NOT NULL,
  claimed_at bigint NOT NULL,
  finished_at bigint,
  PRIMARY KEY (env, task_id, source, slot_at)
);
CREATE INDEX schedule_slots_running ON schedule_slots (env, task_id) WHERE state = 'running';
CREATE INDEX schedule_slots_lease ON schedule_slots (lease_until) WHERE state = 'running';
-- The OIDC store: the lookups every call makes, and the purge of expired rows.
CREATE INDEX oidc_store_expires ON oidc_store (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX oidc_store_grant ON oidc_store (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_store_uid ON oidc_store (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_store_user_code ON oidc_store (model, user_code) WHERE user_code IS NOT NULL
