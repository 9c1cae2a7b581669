package store

import (
	"context"
	"database/sql"
	"sync"
)

// maxStatements bounds the statements kept per pool: queries are written in
// this package, so a few hundred cover them all, and a query built with a
// varying number of placeholders cannot grow the cache without end.
const maxStatements = 512

// statements keeps SQLite's prepared statements for one pool, so a query
// is parsed once per connection rather than once per run: parsing was a
// quarter of the CPU a checkout cost. PostgreSQL needs none: pgx keeps a
// statement cache per connection itself.
type statements struct {
	pool *sql.DB
	mu   sync.RWMutex
	m    map[string]*sql.Stmt
}

func newStatements(pool *sql.DB) *statements {
	return &statements{pool: pool, m: map[string]*sql.Stmt{}}
}

// get is query prepared on the pool, or nil when the cache is full or the
// query does not prepare (the caller then runs it unprepared, and meets the
// same error there).
func (s *statements) get(ctx context.Context, query string) *sql.Stmt {
	s.mu.RLock()
	st, ok := s.m[query]
	s.mu.RUnlock()
	if ok {
		return st
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if st, ok := s.m[query]; ok {
		return st
	}
	if len(s.m) >= maxStatements {
		return nil
	}
	st, err := s.pool.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	s.m[query] = st
	return st
}

func (s *statements) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, st := range s.m {
		st.Close()
	}
	s.m = map[string]*sql.Stmt{}
}
