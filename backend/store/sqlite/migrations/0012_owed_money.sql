-- Owed money work (issue 28). last_sent_at is when a job of the order was
-- last handed to the queue (set with the payment, an upgrade's payment and
-- every send), last_job its name; the sweeper's three queries walk them
-- least recently sent first, each through its own index. withdrawn_at:
-- a re-check whose paid report was refunded.
ALTER TABLE optimizations ADD COLUMN last_sent_at INTEGER;
ALTER TABLE optimizations ADD COLUMN last_job TEXT NOT NULL DEFAULT '';
ALTER TABLE optimizations ADD COLUMN withdrawn_at INTEGER;
UPDATE optimizations SET last_sent_at = COALESCE(requeued_at, paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX optimizations_owed ON optimizations (status, recheck_of, last_sent_at, id);
CREATE INDEX optimizations_owed_upgrade ON optimizations (json_extract(upgrade, '$.status'), last_sent_at, id);
CREATE INDEX optimizations_rechecks ON optimizations (recheck_of) WHERE recheck_of <> '';

-- Payments that bought nothing, refunded in full: one row per Checkout
-- Session, written once; refund is JSON {id, amount, refundedAt}, NULL
-- while owed.
CREATE TABLE stray_refunds (
    session_id      TEXT    PRIMARY KEY CHECK (session_id <> ''),
    optimization_id TEXT    NOT NULL DEFAULT '',
    amount          REAL    NOT NULL,
    reason          TEXT    NOT NULL,
    created_at      INTEGER NOT NULL,
    refund          TEXT
) STRICT;
CREATE INDEX stray_refunds_order ON stray_refunds (optimization_id, created_at) WHERE optimization_id <> '';
CREATE INDEX stray_refunds_owed ON stray_refunds (created_at) WHERE refund IS NULL;
