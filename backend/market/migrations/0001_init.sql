-- Market data from Inside Airbnb snapshots. Every table is STRICT so a bad
-- import fails loudly instead of storing text where a number belongs.
--
-- NULL means "the file had no value" (a listing with no price, a studio's
-- unknown bed count): SQL aggregates then skip it instead of averaging in a
-- zero. The Go types turn NULL into their zero value.

-- A market is one city snapshot. An import writes its rows under a market
-- that is not ready yet, then publishes it in one short transaction; queries
-- only see ready markets, so a half-written import is never read. At most
-- one ready market carries a name: publishing a re-import retires the old
-- one in the same transaction.
CREATE TABLE markets (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL CHECK (name <> ''),
    snapshot      TEXT    NOT NULL,              -- YYYY-MM-DD, the data's date
    source        TEXT    NOT NULL DEFAULT '',   -- the folder it came from
    min_lat       REAL    NOT NULL DEFAULT 0,    -- bounding box of its listings
    max_lat       REAL    NOT NULL DEFAULT 0,
    min_lng       REAL    NOT NULL DEFAULT 0,
    max_lng       REAL    NOT NULL DEFAULT 0,
    listing_count INTEGER NOT NULL DEFAULT 0,
    calendar_count INTEGER NOT NULL DEFAULT 0,
    review_count  INTEGER NOT NULL DEFAULT 0,
    imported_at   INTEGER NOT NULL,              -- unix microseconds, UTC
    ready         INTEGER NOT NULL DEFAULT 0 CHECK (ready IN (0, 1)),
    CHECK (ready = 0 OR snapshot <> '')
) STRICT;

CREATE UNIQUE INDEX markets_name_ready ON markets (name) WHERE ready = 1;

-- ref is our row id, which calendar and reviews point at; id is Airbnb's
-- listing id. The same Airbnb id appears twice while a re-import of its
-- market is being written (old and new rows side by side), so it is unique
-- per market only.
CREATE TABLE listings (
    ref              INTEGER PRIMARY KEY,
    market_id        INTEGER NOT NULL REFERENCES markets (id) ON DELETE CASCADE,
    id               INTEGER NOT NULL,
    name             TEXT    NOT NULL,
    neighborhood     TEXT    NOT NULL,
    lat              REAL    NOT NULL,
    lng              REAL    NOT NULL,
    property_type    TEXT    NOT NULL,
    room_type        TEXT    NOT NULL,
    accommodates     INTEGER,
    bedrooms         INTEGER,
    beds             INTEGER,
    baths            REAL,
    price            REAL,
    amenities        TEXT,     -- JSON array of strings
    rating           REAL,
    accuracy         REAL,
    cleanliness      REAL,
    check_in         REAL,
    communication    REAL,
    location         REAL,
    value            REAL,
    review_count     INTEGER,
    superhost        INTEGER,
    est_nights       INTEGER,  -- Inside Airbnb's estimated_occupancy_l365d
    est_revenue      REAL,     -- estimated_revenue_l365d
    availability_365 INTEGER,
    minimum_nights   INTEGER,
    instant_bookable INTEGER,
    response_rate    INTEGER,  -- percent
    acceptance_rate  INTEGER,  -- percent
    last_scraped     TEXT    NOT NULL DEFAULT ''
) STRICT;

-- Listing(id) and Calendar/Reviews(id) look a listing up by Airbnb id; the
-- uniqueness rule rides on the same index.
CREATE UNIQUE INDEX listings_id_market ON listings (id, market_id);

-- The comparables query: equality on market and room type, then a range on
-- latitude; longitude is checked from the index entry before the row is
-- read. It also serves the ON DELETE CASCADE from markets.
CREATE INDEX listings_comparables ON listings (market_id, room_type, lat, lng);

-- One row per listing per day, read whole per listing in date order: the
-- primary key is that order, and WITHOUT ROWID stores rows in it.
CREATE TABLE calendar (
    listing_ref INTEGER NOT NULL REFERENCES listings (ref) ON DELETE CASCADE,
    date        TEXT    NOT NULL,  -- YYYY-MM-DD
    available   INTEGER NOT NULL CHECK (available IN (0, 1)),
    min_nights  INTEGER,
    price       REAL,
    PRIMARY KEY (listing_ref, date)
) STRICT, WITHOUT ROWID;

-- Guest reviews. There is deliberately no reviewer id or name column:
-- reviewer identities are personal data, never stored, returned or logged.
-- Review rows are large (free text), so this keeps its rowid and an index
-- serves "newest first" per listing (the rowid breaks ties in file order).
CREATE TABLE reviews (
    listing_ref INTEGER NOT NULL REFERENCES listings (ref) ON DELETE CASCADE,
    date        TEXT    NOT NULL,  -- YYYY-MM-DD
    text        TEXT    NOT NULL,
    language    TEXT    NOT NULL DEFAULT ''  -- ISO 639-1 when detected, '' when unsure
) STRICT;

CREATE INDEX reviews_listing_date ON reviews (listing_ref, date);
