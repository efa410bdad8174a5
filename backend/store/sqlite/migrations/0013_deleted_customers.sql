-- Deletion tombstones (issue 28): the uid of every deleted account and when
-- it was deleted (and when that finished), nothing else (no personal data), so that no write can
-- bring the account's records back (store.Store's "deletion tombstone").
CREATE TABLE IF NOT EXISTS deleted_customers (
	uid        TEXT PRIMARY KEY,
	deleted_at INTEGER NOT NULL,
	-- finished_at: when everything of the account was deleted (NULL while
	-- the sweeper still has to finish it).
	finished_at INTEGER
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS deleted_customers_unfinished ON deleted_customers (deleted_at) WHERE finished_at IS NULL;
