-- Failed sign-ins per address and per account, shared by every platform process (RateLimiterPostgres
-- of rate-limiter-flexible keeps its counts here; on PGlite the platform counts in memory instead).
-- Made here, not by the library at start-up, so that processes starting together do not race on it.
CREATE TABLE IF NOT EXISTS sign_in_failures (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
