-- Premium deliverables: where the PDF is kept, and what became of the
-- report e-mail (a mail failure never fails the report, so it has its own
-- state).
ALTER TABLE optimizations ADD COLUMN pdf_path TEXT NOT NULL DEFAULT '';
ALTER TABLE optimizations ADD COLUMN email_status TEXT NOT NULL DEFAULT ''
    CHECK (email_status IN ('', 'pending', 'sent', 'failed'));
ALTER TABLE optimizations ADD COLUMN email_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE optimizations ADD COLUMN email_error TEXT NOT NULL DEFAULT '';
ALTER TABLE optimizations ADD COLUMN email_sent_at INTEGER;
