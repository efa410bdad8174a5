-- The host chose to go on with the title and description they typed when
-- the listing page could not be read (domain.Optimization.TypedDetails).
ALTER TABLE optimizations ADD COLUMN typed_details INTEGER NOT NULL DEFAULT 0 CHECK (typed_details IN (0, 1));
