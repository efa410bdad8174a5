-- customers/{uid} and optimizations/{id} from SPEC §3. Times are integer unix
-- microseconds (UTC): they sort and compare as numbers and match Firestore's
-- timestamp precision, so both stores round-trip the same values.

-- optimization_ids is a JSON array rather than a child table: it is the
-- customer's own ordered list (a Firestore array field), always read and
-- written whole with the customer and never queried by element; the
-- relational question "which optimizations are this customer's" is answered
-- by optimizations.customer_uid.
CREATE TABLE customers (
    uid                 TEXT    PRIMARY KEY CHECK (uid <> ''),
    email               TEXT    NOT NULL,
    display_name        TEXT    NOT NULL,
    created_at          INTEGER NOT NULL,
    updated_at          INTEGER NOT NULL,
    last_login_at       INTEGER NOT NULL,
    total_optimizations INTEGER NOT NULL DEFAULT 0,
    profile_complete    INTEGER NOT NULL DEFAULT 1,
    optimization_ids    TEXT    NOT NULL DEFAULT '[]'
        CHECK (json_valid(optimization_ids) AND json_type(optimization_ids) = 'array')
) STRICT;

CREATE TABLE optimizations (
    id                  TEXT    PRIMARY KEY,
    customer_uid        TEXT    NOT NULL REFERENCES customers (uid),
    customer_email      TEXT    NOT NULL,
    listing_url         TEXT    NOT NULL,
    listing_title       TEXT    NOT NULL,
    listing_description TEXT    NOT NULL,
    plan_type           TEXT    NOT NULL,
    amount              REAL    NOT NULL,
    status              TEXT    NOT NULL,
    created_at          INTEGER NOT NULL,
    completed_at        INTEGER,
    results             TEXT    CHECK (results IS NULL OR (json_valid(results) AND json_type(results) = 'object')),
    stripe_session_id   TEXT    NOT NULL DEFAULT ''
) STRICT;

-- The dashboard query: one customer's optimizations, newest first. id is
-- the tie-break of the ORDER BY, so the index serves the whole sort.
CREATE INDEX optimizations_customer_created
    ON optimizations (customer_uid, created_at DESC, id DESC);

-- A Stripe Checkout Session belongs to exactly one optimization; '' means
-- "no session yet" and may repeat.
CREATE UNIQUE INDEX optimizations_stripe_session
    ON optimizations (stripe_session_id) WHERE stripe_session_id <> '';
