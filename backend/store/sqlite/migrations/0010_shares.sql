-- Share links (issue 18): a report's read-only link for a co-host or a
-- cleaner, as JSON {id, createdAt, expiresAt}; NULL while not shared. The
-- link's token names the order, so no index is needed to find it.
ALTER TABLE optimizations ADD COLUMN share TEXT;
