-- Deletion tombstones (issue 28): the uid of every deleted account and when
-- it was deleted, nothing else (no personal data), so that no write can
-- bring the account's records back (store.Store's "deletion tombstone").
CREATE TABLE IF NOT EXISTS deleted_customers (
	uid        TEXT PRIMARY KEY,
	deleted_at INTEGER NOT NULL
) WITHOUT ROWID;
