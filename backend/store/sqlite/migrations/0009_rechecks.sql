-- Re-checks (issue 18): a free second read of a paid report's listing.
-- recheck_of is the re-checked report's id on a re-check ('' on a report
-- the host bought); rechecks counts, on a bought report, the re-checks
-- made of it. The index finds a report's re-checks.
ALTER TABLE optimizations ADD COLUMN recheck_of TEXT NOT NULL DEFAULT '';
ALTER TABLE optimizations ADD COLUMN rechecks INTEGER NOT NULL DEFAULT 0 CHECK (rechecks >= 0);
CREATE INDEX optimizations_recheck_of ON optimizations (recheck_of) WHERE recheck_of <> '';
