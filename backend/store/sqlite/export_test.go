package sqlite

import "database/sql"

// DB exposes the handle to this package's tests, which inspect PRAGMAs and
// schema_migrations directly.
func (s *Store) DB() *sql.DB { return s.db }

// ReadDB is the read pool.
func (s *Store) ReadDB() *sql.DB { return s.rd }

// BySession is FindOptimizationBySession's WHERE clause.
const BySession = bySession

// DueAfterQuery is DueWatches' query after a cursor.
const DueAfterQuery = dueAfterQuery
