-- A user's permissions of one name are read on every guarded call (auth.ts `permissionsNamed`): an
-- index instead of a scan of every user's permissions.
CREATE INDEX IF NOT EXISTS permissions_user_name ON permissions (user_id, name);
