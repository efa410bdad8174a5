-- The money issue's state (store.Change): the open checkout's page and
-- expiry (Resume checkout), the order's refund and its Basic → Premium
-- upgrade, each a JSON object (domain.Refund, domain.Upgrade) or NULL.
ALTER TABLE optimizations ADD COLUMN checkout_url TEXT NOT NULL DEFAULT '';
ALTER TABLE optimizations ADD COLUMN checkout_expires_at INTEGER;
ALTER TABLE optimizations ADD COLUMN refund TEXT CHECK (refund IS NULL OR json_valid(refund));
ALTER TABLE optimizations ADD COLUMN upgrade TEXT CHECK (upgrade IS NULL OR json_valid(upgrade));
-- The host chose to go on with what they typed (domain.Optimization.TypedDetails).
ALTER TABLE optimizations ADD COLUMN typed_details INTEGER NOT NULL DEFAULT 0 CHECK (typed_details IN (0, 1));
