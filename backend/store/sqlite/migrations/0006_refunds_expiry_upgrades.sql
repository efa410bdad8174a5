-- The money issue's state (store.Change): the open checkout's page and
-- expiry (Resume checkout), the order's refund and its Basic → Premium
-- upgrade, each a JSON object (domain.Refund, domain.Upgrade) or NULL.
ALTER TABLE optimizations ADD COLUMN checkout_url TEXT NOT NULL DEFAULT '';
ALTER TABLE optimizations ADD COLUMN checkout_expires_at INTEGER;
ALTER TABLE optimizations ADD COLUMN refund TEXT CHECK (refund IS NULL OR json_valid(refund));
ALTER TABLE optimizations ADD COLUMN upgrade TEXT CHECK (upgrade IS NULL OR json_valid(upgrade));
