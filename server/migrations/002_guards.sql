-- Users belong to organizations: a product is changed by members of its publisher (issue 20).
CREATE TABLE memberships (
  user_id text NOT NULL,
  organization_id text NOT NULL,
  PRIMARY KEY (user_id, organization_id)
);
-- A demo database made before memberships: its demo users get the seed's memberships.
INSERT INTO memberships (user_id, organization_id)
SELECT m.user_id, m.organization_id FROM (VALUES
  ('u0000000-0000-4000-8000-000000000001', 'o0000000-0000-4000-8000-000000000001'),
  ('u0000000-0000-4000-8000-000000000001', 'o0000000-0000-4000-8000-000000000002'),
  ('u0000000-0000-4000-8000-000000000001', 'o0000000-0000-4000-8000-000000000003'),
  ('u0000000-0000-4000-8000-000000000001', 'o0000000-0000-4000-8000-000000000004'),
  ('u0000000-0000-4000-8000-000000000002', 'o0000000-0000-4000-8000-000000000001'),
  ('u0000000-0000-4000-8000-000000000002', 'o0000000-0000-4000-8000-000000000002'),
  ('u0000000-0000-4000-8000-000000000003', 'o0000000-0000-4000-8000-000000000003')
) AS m(user_id, organization_id) JOIN users u ON u.id = m.user_id
ON CONFLICT DO NOTHING;
-- The purchase permission and the applications' read permission of the demo users.
INSERT INTO permissions (user_id, name, entity_id, application_id)
SELECT p.user_id, p.name, NULL, 'a0000000-0000-4000-8000-000000000001' FROM (VALUES
  ('u0000000-0000-4000-8000-000000000001', 'purchases.create'),
  ('u0000000-0000-4000-8000-000000000001', 'purchases.read'),
  ('u0000000-0000-4000-8000-000000000002', 'purchases.create'),
  ('u0000000-0000-4000-8000-000000000002', 'purchases.read')
) AS p(user_id, name) JOIN users u ON u.id = p.user_id
WHERE NOT EXISTS (SELECT 1 FROM permissions q WHERE q.user_id = p.user_id AND q.name = p.name);
-- An idempotency key is claimed before the write runs (status 0, no answer yet): one request wins.
ALTER TABLE idempotency ALTER COLUMN response DROP NOT NULL
