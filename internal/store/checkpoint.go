package store

import (
	"context"
	"sync"
	"time"
)

// checkpointEvery is how often SQLite's log is copied back into the
// database in the background: at a busy checkout's pace, well before the
// log reaches wal_autocheckpoint's 8,000 pages (openSQLite).
const checkpointEvery = time.Second

// checkpointer copies SQLite's log (WAL) into the database beside the
// writer. Left to SQLite, the commit that takes the log past 8,000 pages
// copies them itself, and syncs the database file, while it holds the one
// write turn: every transaction waiting for it waits as long. A passive
// checkpoint waits for no reader or writer and copies what it can; a
// commit's own stays as the backstop.
type checkpointer struct {
	stop chan struct{}
	done sync.WaitGroup
}

func (db *DB) startCheckpoints() {
	c := &checkpointer{stop: make(chan struct{})}
	db.checkpoints = c
	c.done.Go(func() {
		tick := time.NewTicker(checkpointEvery)
		defer tick.Stop()
		for {
			select {
			case <-c.stop:
				return
			case <-tick.C:
				// One that fails is tried again at the next tick.
				_ = db.checkpoint(context.Background())
			}
		}
	})
}

// stopCheckpoints ends the checkpointer, if one runs, and waits for it.
func (db *DB) stopCheckpoints() {
	if c := db.checkpoints; c != nil {
		db.checkpoints = nil
		close(c.stop)
		c.done.Wait()
	}
}

// checkpoint copies into the database what of the log no reader still
// needs.
func (db *DB) checkpoint(ctx context.Context) error {
	var busy, frames, copied int
	return db.sql.QueryRowContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`).Scan(&busy, &frames, &copied)
}
