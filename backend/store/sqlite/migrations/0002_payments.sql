-- Payment and job state of an optimization, and the payment-provider events
-- already processed (webhooks are delivered at least once).
ALTER TABLE optimizations ADD COLUMN paid_at INTEGER;
ALTER TABLE optimizations ADD COLUMN stage TEXT NOT NULL DEFAULT '';
ALTER TABLE optimizations ADD COLUMN failure_reason TEXT NOT NULL DEFAULT '';

CREATE TABLE payment_events (
    id           TEXT    PRIMARY KEY CHECK (id <> ''),
    processed_at INTEGER NOT NULL
) STRICT;
