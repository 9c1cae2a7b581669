package store

import (
	"context"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// ExecInTx runs fn in one of the store's transactions, giving it a way to
// send statements, so tests outside the package can drive the transaction
// helper itself.
func (db *DB) ExecInTx(ctx context.Context, fn func(exec func(query string, args ...any) error) error) error {
	return db.inTx(ctx, func(x q) error {
		return fn(func(query string, args ...any) error {
			_, err := x.exec(ctx, query, args...)
			return err
		})
	})
}

// HoldLock runs lock (a SELECT … FOR UPDATE) in a PostgreSQL transaction,
// sends the transaction's server process id on locked and keeps the rows
// locked until release is closed, so a test can line rivals up behind it.
func (db *DB) HoldLock(ctx context.Context, lock string, args []any, locked chan<- int, release <-chan struct{}) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var pid int
	if err := tx.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, db.rebind(lock), args...); err != nil {
		return err
	}
	locked <- pid
	<-release
	return nil
}

// WaitingOn counts the PostgreSQL sessions waiting, directly or behind
// another waiter (rivals for a row queue on each other), for a lock that
// the session pid holds.
func (db *DB) WaitingOn(ctx context.Context, pid int) (int, error) {
	var n int
	err := db.sql.QueryRowContext(ctx, `WITH RECURSIVE waiting(pid) AS (
		SELECT $1::int
		UNION SELECT a.pid FROM pg_stat_activity a JOIN waiting w ON w.pid = ANY(pg_blocking_pids(a.pid)))
		SELECT count(*) - 1 FROM waiting`, pid).Scan(&n)
	return n, err
}

// IsUniqueViolation is isUniqueViolation, for tests outside the package.
var IsUniqueViolation = isUniqueViolation

// SaveChange saves c over the state o was read in, as every order change
// does, and tells whether the order was still in that state: a test can
// then save a change decided on a state that has moved on.
func (db *DB) SaveChange(ctx context.Context, o shop.Order, a shop.Act, c shop.Change) (bool, error) {
	var saved bool
	err := db.inTx(ctx, func(x q) error {
		var err error
		saved, err = saveChange(ctx, x, o, a, c)
		return err
	})
	return saved, err
}

// SeedOrders writes n orders (one line each) straight into the database,
// one a second from start, for benchmarks of the order lists. One order in
// a hundred is a pre-order, every other of them made.
func (db *DB) SeedOrders(ctx context.Context, n int, start time.Time) error {
	const series = `WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ?) `
	if _, err := db.q().exec(ctx, series+`INSERT INTO orders (id, order_no, user_name, user_email, shipping_name,
		shipping_email, shipping_phone, address, city, district, state, pin_code, payment_method, items_paise, shipping_paise,
		secure_fee_paise, discount_paise, total_paise, stage, created_at, has_pre_order, mfg_date)
		SELECT 'o' || n, 200000 + n, 'Customer ' || n, 'c' || n || '@example.com', 'Customer', 'c@example.com', '9000000000',
		'12 MG Road', 'Pune', 'Pune', 'Maharashtra', '411001', 'COD', 49900, 0, 0, 0, 49900,
		CASE WHEN n % 3 = 0 THEN 'delivered' ELSE 'placed' END, CAST(? AS BIGINT) + n * 1000, n % 100 = 0,
		CASE WHEN n % 200 = 0 THEN CAST(? AS BIGINT) + n * 1000 + 60000 END FROM s`, n, millis(start), millis(start)); err != nil {
		return err
	}
	_, err := db.q().exec(ctx, series+`INSERT INTO order_items (id, order_id, position, product_id, variant_id, size_id, name,
		variant_color, size, image, qty, price_paise, pre_order) SELECT 'i' || n, 'o' || n, 0, 'p', 'v', 's', 'Tee', 'olive', 'M', '',
		1, 49900, n % 100 = 0 FROM s`, n)
	if err != nil {
		return err
	}
	// The planner's statistics, as a database that grew to this size has them.
	_, err = db.q().exec(ctx, `ANALYZE`)
	return err
}

// ReindexSearch indexes the published products the search index lacks, as
// Open does after the migrations.
func (db *DB) ReindexSearch(ctx context.Context) error { return db.reindexSearch(ctx) }

// OpenAt connects to url (or SQLite in dataDir) as Open does, but applies
// the migrations only up to version, so a test can write rows as a release
// of that time did and then apply the rest with Migrate.
func OpenAt(ctx context.Context, url, dataDir string, version int64) (*DB, error) {
	db, err := connect(url, dataDir)
	if err != nil {
		return nil, err
	}
	db.mailQueued = make(chan struct{}, 1)
	provider, err := db.migrator()
	if err == nil {
		_, err = provider.UpTo(ctx, version)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// SearchInSQL answers keyword, uncorrected, on the first page in SQL, as
// a filtered search is answered, to hold the search mirror's answers to.
func (db *DB) SearchInSQL(ctx context.Context, keyword string) ([]shop.Product, int, error) {
	settings, err := db.Settings(ctx)
	if err != nil {
		return nil, 0, err
	}
	sq := newSearchQuery(shop.QueryWords(shop.NormalizeKeyword(keyword)), settings.Synonyms)
	return db.searchPage(ctx, sq, shop.ProductFilter{}, 1)
}
