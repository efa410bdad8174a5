-- The sweeper's record of re-queued stuck orders (store.Store.ClaimRequeue),
-- and the index its query uses.
ALTER TABLE optimizations ADD COLUMN requeues INTEGER NOT NULL DEFAULT 0 CHECK (requeues >= 0);
ALTER TABLE optimizations ADD COLUMN requeued_at INTEGER;
CREATE INDEX optimizations_stuck ON optimizations (status, paid_at);
