-- How many events each environment, organization and user has: the events list's total read from a
-- few rows instead of counting every event on every call (events only grow). A trigger keeps it in
-- the same transaction as each insert or delete, so a statement reading both sees them agree.
-- organization_id and user_id are the events' own columns, so the events list's read rule applies to
-- this table unchanged. The key tells a missing value from an empty one.
CREATE TABLE event_counts (
  env text NOT NULL,
  organization_id text,
  user_id text,
  n bigint NOT NULL
);
CREATE UNIQUE INDEX event_counts_key ON event_counts (env, (organization_id IS NULL),
  (coalesce(organization_id, '')), (user_id IS NULL), (coalesce(user_id, '')));
INSERT INTO event_counts (env, organization_id, user_id, n)
SELECT env, organization_id, user_id, count(*) FROM events GROUP BY env, organization_id, user_id;
CREATE FUNCTION events_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE event_counts SET n = n - 1
    WHERE env = OLD.env AND organization_id IS NOT DISTINCT FROM OLD.organization_id
      AND user_id IS NOT DISTINCT FROM OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO event_counts (env, organization_id, user_id, n)
    VALUES (NEW.env, NEW.organization_id, NEW.user_id, 1)
    ON CONFLICT (env, (organization_id IS NULL), (coalesce(organization_id, '')), (user_id IS NULL),
      (coalesce(user_id, ''))) DO UPDATE SET n = event_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER events_counted AFTER INSERT OR DELETE OR UPDATE OF env, organization_id, user_id ON events
  FOR EACH ROW EXECUTE FUNCTION events_counted();
CREATE FUNCTION events_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM event_counts;
  RETURN NULL;
END
$$;
CREATE TRIGGER events_emptied AFTER TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION events_emptied();
