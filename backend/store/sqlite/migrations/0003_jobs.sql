-- The durable local job queue (backend/jobs/localqueue): one row per job,
-- kept after it is done so a job name is never enqueued twice. Times are
-- unix microseconds (UTC), like every time in this database.
--
-- A job is due when it is unfinished (done_at IS NULL), run_at has come,
-- and it is not leased or its lease has expired (the worker died). attempts
-- counts claims; a worker names the attempt it holds when it finishes or
-- retries, so a worker whose lease ran out cannot touch a reclaimed job.
--
-- optimization_id is not a foreign key: the queue stores jobs, not orders,
-- and a job whose optimization is missing is the handler's to report, not a
-- reason to refuse the enqueue.
CREATE TABLE jobs (
    name            TEXT    PRIMARY KEY CHECK (name <> ''),
    optimization_id TEXT    NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    run_at          INTEGER NOT NULL,
    lease_until     INTEGER,
    done_at         INTEGER,
    last_error      TEXT    NOT NULL DEFAULT ''
) STRICT;

-- The claim query: unfinished jobs by run_at (name breaks ties), so a claim
-- walks the index from the earliest and stops at the first due one. Done
-- jobs, which pile up, are not in it. Leased jobs are, and are stepped over;
-- there are at most as many as there are workers.
CREATE INDEX jobs_due ON jobs (run_at, name) WHERE done_at IS NULL;
