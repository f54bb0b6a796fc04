-- The change log the live stream reads (server/live.ts, docs/live.md): one row per create, update or
-- delete of a task, run, product, file, data format or contract and per new event, written by triggers
-- in the same transaction as the change itself, so no write path can forget it.
--
-- Order: `seq` is taken under a transaction-level advisory lock that is held until the writing
-- transaction ends. A second writer waits for that lock until the first has committed (or rolled back)
-- and become visible, so seq order is commit order: a reader that has seen seq n never later finds a
-- committed row with a smaller seq. The lock is taken before the statement touches any row (a BEFORE
-- STATEMENT trigger), so two writers never wait for each other's row and this lock at once.
CREATE SEQUENCE changes_seq;
CREATE TABLE changes (
  seq bigint PRIMARY KEY,
  env text NOT NULL,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  kind text NOT NULL,
  op text NOT NULL,
  id text NOT NULL,
  parent_id text,
  organization_id text,
  created_by text,
  user_id text,
  data jsonb
);
CREATE INDEX changes_env_seq ON changes (env, seq);
-- The newest seq a purge removed: a reader resuming from an older one is told to start again.
CREATE TABLE changes_horizon (
  id integer PRIMARY KEY,
  purged_through bigint NOT NULL
);
INSERT INTO changes_horizon (id, purged_through) VALUES (1, 0);
CREATE FUNCTION changes_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(360002);
  RETURN NULL;
END
$$;
CREATE FUNCTION log_change(p_env text, p_kind text, p_op text, p_id text, p_parent text, p_org text,
  p_created_by text, p_user text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(360002);
  s := nextval('changes_seq');
  INSERT INTO changes (seq, env, kind, op, id, parent_id, organization_id, created_by, user_id, data)
  VALUES (s, p_env, p_kind, p_op, p_id, p_parent, p_org, p_created_by, p_user, p_data);
  -- A wake-up signal only, sent at commit: listeners read the rows themselves.
  PERFORM pg_notify('live_changes', p_env || ' ' || s);
END
$$;
CREATE FUNCTION entities_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r entities;
  o text;
  k text;
  org text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    r := OLD;
    o := 'deleted';
  ELSIF TG_OP = 'INSERT' THEN
    r := NEW;
    o := 'created';
  ELSE
    r := NEW;
    o := 'updated';
  END IF;
  k := CASE r.kind WHEN 'task-run' THEN 'run' WHEN 'data-format' THEN 'dataFormat' ELSE r.kind END;
  org := r.organization_id;
  -- A task and its runs belong to the organization publishing the task's product.
  IF r.kind = 'task' THEN
    SELECT p.organization_id INTO org FROM entities p
    WHERE p.env = r.env AND p.kind = 'product' AND p.code = r.data->>'productCode';
  ELSIF r.kind = 'task-run' THEN
    SELECT p.organization_id INTO org FROM entities t
    JOIN entities p ON p.env = t.env AND p.kind = 'product' AND p.code = t.data->>'productCode'
    WHERE t.env = r.env AND t.kind = 'task' AND t.id = r.parent_id;
  END IF;
  PERFORM log_change(r.env, k, o, r.id, r.parent_id, coalesce(org, r.organization_id), r.created_by, NULL, r.data);
  RETURN NULL;
END
$$;
CREATE FUNCTION events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM log_change(NEW.env, 'event', 'created', NEW.id, NEW.data->>'taskId', NEW.organization_id, NULL, NEW.user_id, NEW.data);
  RETURN NULL;
END
$$;
CREATE TRIGGER entities_live_lock BEFORE INSERT OR UPDATE OR DELETE ON entities
  FOR EACH STATEMENT EXECUTE FUNCTION changes_lock();
CREATE TRIGGER entities_live_write AFTER INSERT OR UPDATE ON entities FOR EACH ROW
  WHEN (NEW.kind IN ('task', 'task-run', 'product', 'file', 'data-format', 'contract'))
  EXECUTE FUNCTION entities_changed();
CREATE TRIGGER entities_live_delete AFTER DELETE ON entities FOR EACH ROW
  WHEN (OLD.kind IN ('task', 'task-run', 'product', 'file', 'data-format', 'contract'))
  EXECUTE FUNCTION entities_changed();
CREATE TRIGGER events_live_lock BEFORE INSERT ON events
  FOR EACH STATEMENT EXECUTE FUNCTION changes_lock();
CREATE TRIGGER events_live_write AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_changed();
-- Who may read what changed (a sign-out, a revoked token, a membership or permission): every process
-- checks its streams again at once.
CREATE FUNCTION access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live_changes', '* access');
  RETURN NULL;
END
$$;
CREATE TRIGGER tokens_live AFTER UPDATE OR DELETE ON tokens
  FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
CREATE TRIGGER oidc_live AFTER DELETE ON oidc_store FOR EACH ROW
  WHEN (OLD.model IN ('Session', 'Grant', 'AccessToken'))
  EXECUTE FUNCTION access_changed();
CREATE TRIGGER memberships_live AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
CREATE TRIGGER permissions_live AFTER INSERT OR UPDATE OR DELETE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION access_changed();
CREATE TRIGGER users_live AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION access_changed()
