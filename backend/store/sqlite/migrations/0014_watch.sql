-- Watch (issue 45): a bought Premium report's weekly watch of its listing,
-- state on its order (watch: the domain.Watch as JSON, NULL: none), and
-- its due time mirrored beside it (watch_due_at, unix microseconds: the
-- watch's dueAt while it is active, else NULL; store.WatchDueAt), so the
-- scheduler's query (DueWatches) reads only the partial index of due
-- watches, never a row or a watch's JSON.
ALTER TABLE optimizations ADD COLUMN watch TEXT CHECK (watch IS NULL OR json_valid(watch));
ALTER TABLE optimizations ADD COLUMN watch_due_at INTEGER;
CREATE INDEX optimizations_due_watches ON optimizations (watch_due_at, id) WHERE watch_due_at IS NOT NULL;
