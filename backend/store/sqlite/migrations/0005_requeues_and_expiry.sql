-- The sweeper's record of re-queued stuck orders (store.Store.ClaimRequeue),
-- and the index its query uses.
ALTER TABLE optimizations ADD COLUMN requeues INTEGER NOT NULL DEFAULT 0 CHECK (requeues >= 0);
ALTER TABLE optimizations ADD COLUMN requeued_at INTEGER;
CREATE INDEX optimizations_stuck ON optimizations (status, paid_at);

-- Processed payment events expire a month after (store.EventRetention),
-- as Firestore's TTL policy deletes them there.
ALTER TABLE payment_events ADD COLUMN expire_at INTEGER;
CREATE INDEX payment_events_expiry ON payment_events (expire_at);
