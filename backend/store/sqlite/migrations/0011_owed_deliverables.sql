-- Deliverables owed (issue 28): a completed Premium report's PDF that could
-- not be stored (pdf_due), when a job for an owed PDF or e-mail was last
-- sent or tried (owed_at, NULL while nothing is owed), and how often the
-- sweeper sent them again (owed_requeues, naming the jobs). The partial
-- index holds only orders that owe something: the sweeper's query.
ALTER TABLE optimizations ADD COLUMN pdf_due INTEGER NOT NULL DEFAULT 0;
ALTER TABLE optimizations ADD COLUMN owed_at INTEGER;
ALTER TABLE optimizations ADD COLUMN owed_requeues INTEGER NOT NULL DEFAULT 0 CHECK (owed_requeues >= 0);
CREATE INDEX optimizations_owed_deliveries ON optimizations (owed_at) WHERE owed_at IS NOT NULL;
