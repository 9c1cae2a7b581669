package store

import (
	"context"
	"fmt"
	"time"
)

// SharedVersion is the catalogue version that every instance raises after
// its changes and reads to learn of the others': a row of PostgreSQL by
// default, or a key of Redis (cache.RedisVersion), which can also tell
// every instance at once.
type SharedVersion interface {
	// Raise records a change that has committed and returns the new version.
	Raise(ctx context.Context) (int64, error)
	// Read returns the version as it is now.
	Read(ctx context.Context) (int64, error)
}

// ShareCatalogueVersion makes v the version shared with other instances,
// in place of PostgreSQL's row. Every instance on one database must share
// the same.
func (db *DB) ShareCatalogueVersion(v SharedVersion) { db.version = v }

// catalogueSyncEvery bounds how long a change made by another instance goes
// unseen by this one when nothing tells it sooner.
const catalogueSyncEvery = time.Second

// CatalogueVersion changes whenever the catalogue changes: at once for this
// instance's own changes and, with a shared version, within about
// catalogueSyncEvery for another instance's (at once when the shared version
// tells, see SawCatalogueVersion). It never waits: when the shared version
// is due to be read again, it is read in the background.
func (db *DB) CatalogueVersion() int64 {
	if db.version != nil && time.Now().UnixNano()-db.syncedAt.Load() >= int64(catalogueSyncEvery) &&
		db.syncing.CompareAndSwap(false, true) {
		go func() {
			defer db.syncing.Store(false)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			// A failed read leaves the last version in place; the cache's own
			// time limit then bounds the staleness.
			_ = db.SyncCatalogue(ctx)
		}()
	}
	return db.catalogue.Load() + db.shared.Load()
}

// SyncCatalogue reads the shared catalogue version now. Without one (SQLite)
// it does nothing.
func (db *DB) SyncCatalogue(ctx context.Context) error {
	if db.version == nil {
		return nil
	}
	db.syncedAt.Store(time.Now().UnixNano())
	v, err := db.version.Read(ctx)
	if err != nil {
		return fmt.Errorf("read catalogue version: %w", err)
	}
	db.SawCatalogueVersion(v)
	return nil
}

// SawCatalogueVersion takes note of the shared version v, as told by
// another instance; versions only grow, so one told late changes nothing.
func (db *DB) SawCatalogueVersion(v int64) {
	for {
		old := db.shared.Load()
		if v <= old || db.shared.CompareAndSwap(old, v) {
			return
		}
	}
}

// changed records a change to the catalogue, after it committed; it passes
// err through so a method can end with `return db.changed(err)`. It raises
// the shared version for the other instances, in a statement of its own so
// checkouts do not queue on that one row while their transactions are open.
func (db *DB) changed(err error) error {
	if err != nil {
		return err
	}
	db.catalogue.Add(1)
	if db.version != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		// The change itself has committed; should this fail, other instances
		// see it when their cached answers expire instead.
		if v, err := db.version.Raise(ctx); err == nil {
			db.SawCatalogueVersion(v)
		}
	}
	return nil
}

// postgresVersion is the catalogue_version row, for instances that share
// only PostgreSQL.
type postgresVersion struct{ db *DB }

func (p postgresVersion) Raise(ctx context.Context) (int64, error) {
	var v int64
	err := p.db.w().queryRow(ctx, `UPDATE catalogue_version SET version = version + 1 WHERE id = 1 RETURNING version`).Scan(&v)
	return v, err
}

// Read is sent past the count of QueryCount: this read keeps its own pace,
// not any request's, and counted it would make a request's cost depend on
// when it came.
func (p postgresVersion) Read(ctx context.Context) (int64, error) {
	var v int64
	err := p.db.sql.QueryRowContext(ctx, `SELECT version FROM catalogue_version WHERE id = 1`).Scan(&v)
	return v, err
}
