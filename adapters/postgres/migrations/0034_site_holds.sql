-- A batch site's limit on the account's jobs, per backend target (core/domain/siteLimit.ts): a
-- submission the site refused starts a hold; poll rounds count the account's jobs there and give
-- as many tokens as there is room; a waiting run takes one before it submits. One row a target.
CREATE TABLE site_holds (
  target      text PRIMARY KEY,
  reason      text NOT NULL,
  since       timestamptz NOT NULL,
  refused_at  timestamptz NOT NULL,
  limit_seen  integer NOT NULL CHECK (limit_seen >= 0),
  jobs_seen   integer NOT NULL CHECK (jobs_seen >= 0),
  counted_at  timestamptz NOT NULL,
  tokens      integer NOT NULL CHECK (tokens >= 0)
);
