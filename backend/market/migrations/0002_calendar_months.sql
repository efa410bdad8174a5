-- Each listing's calendar summed per month, for the seasonality of a set of
-- listings (DB.CalendarMonths). Summing the raw calendar on every report
-- read every comparable's 365 nights and grouped them (about 100 ms for
-- Albany's 300 comparables); this table holds 13 rows per listing, filled
-- by the import once its calendar is in (and below for data imported
-- before the table existed). It derives from calendar only and goes with
-- its listing.
CREATE TABLE calendar_months (
    listing_ref INTEGER NOT NULL REFERENCES listings (ref) ON DELETE CASCADE,
    month       TEXT    NOT NULL,  -- YYYY-MM
    first       TEXT    NOT NULL,  -- the first and last calendar date in the month
    last        TEXT    NOT NULL,
    nights      INTEGER NOT NULL,  -- calendar days
    unavailable INTEGER NOT NULL,  -- of which available = f (booked or blocked)
    priced      INTEGER NOT NULL,  -- of which with a listed price
    price_sum   REAL,              -- the sum of those prices; NULL when none
    PRIMARY KEY (listing_ref, month)
) STRICT, WITHOUT ROWID;

INSERT INTO calendar_months (listing_ref, month, first, last, nights, unavailable, priced, price_sum)
SELECT listing_ref, substr(date, 1, 7), MIN(date), MAX(date), COUNT(*), SUM(available = 0), COUNT(price), SUM(price)
FROM calendar
GROUP BY listing_ref, substr(date, 1, 7);
