// Package store keeps Haat's data in SQLite (embedded, the default) or
// PostgreSQL (for many instances). The same SQL serves both: queries are
// written with ? placeholders and rebound for PostgreSQL.
package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	mrand "math/rand/v2"
	neturl "net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"github.com/pressly/goose/v3"
	"modernc.org/sqlite" // registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/haat-shop/haat/internal/shop"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Dialect names the SQL database behind a DB.
type Dialect string

// The two supported databases.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is Haat's database.
type DB struct {
	sql     *sql.DB
	dialect Dialect
	// writer gives SQLite's one write turn to one transaction, or one write
	// outside a transaction, at a time (groupcommit.go). Unused on
	// PostgreSQL.
	writer writer
	// stmts are SQLite's prepared statements; nil on PostgreSQL.
	stmts *statements
	// queries counts statements sent, so tests can show that a page of
	// products costs a fixed number of queries.
	queries atomic.Int64
	// catalogue counts this instance's changes to what the storefront shows
	// (products, stock, reviews), so cached answers can tell they are stale.
	catalogue atomic.Int64
	// version is the catalogue version every instance raises (nil on
	// SQLite, which has no other instance); shared is the latest of it seen
	// here, and syncedAt (Unix nanoseconds) and syncing pace its reads.
	version  SharedVersion
	shared   atomic.Int64
	syncedAt atomic.Int64
	syncing  atomic.Bool
	// counts remembers the sizes of storefront lists (countProducts),
	// bigCounts those of the admin's long lists (countBig).
	counts    counts
	bigCounts bigCounts
	// mirror is the search index in memory (searchmirror.go).
	mirror searchMirror
	// mailQueued wakes this instance's mail sender after a transaction that
	// queued mail commits; it holds one wake-up, which stands for any number.
	mailQueued chan struct{}
	// settings is the owner's settings as last read (Settings).
	settings atomic.Pointer[settingsRead]
	// checkpoints copies SQLite's log into the database in the background
	// (checkpoint.go); nil on PostgreSQL and until Open starts it.
	checkpoints *checkpointer
}

// Open connects to url, or with an empty url to the SQLite file haat.db
// in dataDir, and applies any pending migrations.
func Open(ctx context.Context, url, dataDir string) (*DB, error) {
	db, err := connect(url, dataDir)
	if err != nil {
		return nil, err
	}
	db.mailQueued = make(chan struct{}, 1)
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := db.reindexSearch(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if db.dialect == SQLite {
		db.startCheckpoints()
	}
	return db, nil
}

func connect(url, dataDir string) (*DB, error) {
	switch {
	case url == "":
		if err := os.MkdirAll(dataDir, 0o755); err != nil {
			return nil, fmt.Errorf("create data directory: %w", err)
		}
		return openSQLite(filepath.Join(dataDir, DatabaseFile))
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		url, conns, err := postgresURL(url)
		if err != nil {
			return nil, err
		}
		db, err := sql.Open("pgx", url)
		if err != nil {
			return nil, fmt.Errorf("open postgresql: %w", err)
		}
		db.SetMaxOpenConns(conns)
		db.SetMaxIdleConns(conns)
		db.SetConnMaxIdleTime(5 * time.Minute)
		d := &DB{sql: db, dialect: Postgres}
		d.version = postgresVersion{d}
		return d, nil
	default:
		return nil, fmt.Errorf("database url must be empty (SQLite) or start with postgres://")
	}
}

// postgresURL takes the parameter pool_max_conns (as pgxpool names it) out
// of a PostgreSQL URL: how many connections one instance opens at most, 20
// unless it says. Instances together must stay below the server's
// max_connections. Unless the URL sets them, it also turns off parallel
// query (a page of a list needs a few index reads, and starting workers to
// help took 30 ms of a filtered list's 48) and has every statement planned
// for its values: the plan PostgreSQL keeps for a statement run often,
// made for no values in particular, read every size of every product for a
// page of a list filtered by size and colour (383 ms, against 2.7 ms).
// Planning each time costs checkout about 15% (BenchmarkPlaceCOD: 314–333
// orders/s, against 367–426), far above what one hot size allows anyway.
func postgresURL(raw string) (string, int, error) {
	u, err := neturl.Parse(raw)
	if err != nil {
		return "", 0, fmt.Errorf("database url: %w", err)
	}
	q := u.Query()
	for param, value := range map[string]string{"max_parallel_workers_per_gather": "0", "plan_cache_mode": "force_custom_plan"} {
		if !q.Has(param) {
			q.Set(param, value)
		}
	}
	conns := 20
	if v := q.Get("pool_max_conns"); v != "" {
		if conns, err = strconv.Atoi(v); err != nil || conns < 1 {
			return "", 0, fmt.Errorf("database url: pool_max_conns must be a whole number, 1 or more, not %q", v)
		}
		q.Del("pool_max_conns")
	}
	u.RawQuery = q.Encode()
	return u.String(), conns, nil
}

func openSQLite(path string) (*DB, error) {
	// WAL lets readers run beside the one writer; immediate transactions take
	// the write lock up front so concurrent checkouts queue instead of failing
	// with "database is locked" half way through. The log is copied back
	// every second beside the writer (checkpoint.go); a commit copies it
	// itself only past 8,000 pages (32 MB) rather than SQLite's 1,000: an
	// order rewrites the same few pages (the size's stock, the newest orders),
	// and each copy writes them once however often they changed, so checkout
	// spent a tenth of its time copying at 1,000 (BenchmarkPlaceCOD on SQLite,
	// back to back: 1,210-1,330 orders/s at 1,000, 1,430-1,620 at 8,000).
	// Temporary data stays in memory (temp_store 2): a group commit runs
	// each transaction in a savepoint, which keeps the first copy of each
	// page it changes, and past 64 KB SQLite wrote those copies to a file,
	// two writes a page; that took a sixth of checkout's processor time
	// (BenchmarkPlaceCOD on SQLite, alternated: 1,448-1,538 orders/s with
	// the file, 1,888-1,980 without). The copies are dropped at commit.
	dsn := "file:" + path + "?_txlock=immediate" +
		"&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=synchronous(NORMAL)&_pragma=wal_autocheckpoint(8000)&_pragma=temp_store(2)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	return &DB{sql: db, dialect: SQLite, stmts: newStatements(db), writer: newWriter()}, nil
}

// Migrate applies the embedded migrations that have not run yet.
func (db *DB) Migrate(ctx context.Context) error {
	provider, err := db.migrator()
	if err != nil {
		return err
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// migrator is goose's runner of the embedded migrations on db.
func (db *DB) migrator() (*goose.Provider, error) {
	dir, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, fmt.Errorf("open migrations: %w", err)
	}
	dialect := goose.DialectSQLite3
	if db.dialect == Postgres {
		dialect = goose.DialectPostgres
	}
	provider, err := goose.NewProvider(dialect, db.sql, dir)
	if err != nil {
		return nil, fmt.Errorf("prepare migrations: %w", err)
	}
	return provider, nil
}

// Dialect tells which database this is.
func (db *DB) Dialect() Dialect { return db.dialect }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.sql.PingContext(ctx) }

// Stats tells how the connection pool is used (metrics.Pool).
func (db *DB) Stats() sql.DBStats { return db.sql.Stats() }

// Close closes the database.
func (db *DB) Close() error {
	db.stopCheckpoints()
	if db.stmts != nil {
		db.stmts.close()
	}
	return db.sql.Close()
}

// QueryCount is the number of statements sent so far, besides the
// background reads of the shared catalogue version (SyncCatalogue).
func (db *DB) QueryCount() int64 { return db.queries.Load() }

// conn is what both *sql.DB and *sql.Tx offer.
type conn interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// q wraps a conn so every statement is rebound for the dialect, counted,
// and on SQLite prepared once.
type q struct {
	db *DB
	c  conn
	// tx is c when it is a transaction; write, outside one, takes the
	// writing lock around each statement.
	tx    *sql.Tx
	write bool
	// queuedMail, in a transaction, is set when it queues mail, so that the
	// sender is woken once the mail can be seen: after the commit.
	queuedMail *bool
	// searchChanged, in a transaction, gathers the products whose search
	// revision it takes just before it commits (searchChanged).
	searchChanged *[]string
	// grouped, in a transaction of SQLite's group commit, keeps the
	// caller's cancellation from its statements: SQLite would answer an
	// interrupted write by rolling back the group's whole transaction.
	grouped bool
}

// q runs reads outside a transaction; w runs a write outside one.
func (db *DB) q() q { return q{db: db, c: db.sql} }
func (db *DB) w() q { return q{db: db, c: db.sql, write: true} }

// prepared is query's prepared statement for x, or nil to run it as text.
func (x q) prepared(ctx context.Context, query string) *sql.Stmt {
	if x.db.stmts == nil {
		return nil
	}
	st := x.db.stmts.get(ctx, query)
	if st != nil && x.tx != nil {
		// The transaction's connection has the statement prepared already
		// once it ran it before: StmtContext then reuses it.
		return x.tx.StmtContext(ctx, st)
	}
	return st
}

// statementContext is the context x's statements run under.
func (x q) statementContext(ctx context.Context) context.Context {
	if x.grouped {
		return context.WithoutCancel(ctx)
	}
	return ctx
}

// lockWrite takes SQLite's write turn for a write outside a transaction,
// and returns what gives it back.
func (x q) lockWrite() func() {
	if !x.write || x.db.dialect != SQLite {
		return func() {}
	}
	x.db.writer.take()
	return x.db.writer.give
}

func (x q) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	ctx = x.statementContext(ctx)
	x.db.queries.Add(1)
	query = x.db.rebind(query)
	if st := x.prepared(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return x.c.QueryContext(ctx, query, args...)
}

func (x q) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	ctx = x.statementContext(ctx)
	defer x.lockWrite()()
	x.db.queries.Add(1)
	query = x.db.rebind(query)
	if st := x.prepared(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return x.c.QueryRowContext(ctx, query, args...)
}

func (x q) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	ctx = x.statementContext(ctx)
	defer x.lockWrite()()
	x.db.queries.Add(1)
	query = x.db.rebind(query)
	if st := x.prepared(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return x.c.ExecContext(ctx, query, args...)
}

// txAttempts bounds how often inTx runs a transaction that PostgreSQL
// aborted to break a deadlock or a serialization conflict.
const txAttempts = 5

// inTx runs fn in a transaction, committing when it returns nil. A
// transaction PostgreSQL aborted for a deadlock or a serialization conflict
// is run again, after a short random pause so the rivals fall out of step;
// fn must therefore be safe to run more than once.
func (db *DB) inTx(ctx context.Context, fn func(q) error) error {
	for attempt := 1; ; attempt++ {
		err := db.tryTx(ctx, fn)
		if err == nil || attempt == txAttempts || !retryable(err) {
			return err
		}
		pause := time.Duration(attempt) * time.Duration(1+mrand.IntN(10)) * time.Millisecond
		select {
		case <-ctx.Done():
			return err
		case <-time.After(pause):
		}
	}
}

// isUniqueViolation tells whether err is a database's refusal of a row
// whose key or unique column another row already holds, known by its error
// code: SQLite's SQLITE_CONSTRAINT_UNIQUE or SQLITE_CONSTRAINT_PRIMARYKEY,
// PostgreSQL's SQLSTATE 23505.
func isUniqueViolation(err error) bool {
	var lite *sqlite.Error
	if errors.As(err, &lite) {
		return lite.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || lite.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23505"
}

// retryable tells whether PostgreSQL aborted a transaction that may succeed
// when run again: SQLSTATE 40001 (serialization failure) or 40P01 (deadlock).
func retryable(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && (pg.Code == "40001" || pg.Code == "40P01")
}

func (db *DB) tryTx(ctx context.Context, fn func(q) error) error {
	if db.dialect == SQLite {
		return db.groupTx(ctx, fn)
	}
	return db.soloTx(ctx, fn)
}

// soloTx runs fn in a transaction of its own; on SQLite the caller holds
// the write turn.
func (db *DB) soloTx(ctx context.Context, fn func(q) error) error {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	queuedMail, err := db.work(ctx, tx, false, fn)
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	if queuedMail {
		db.wakeMailSender()
	}
	return nil
}

// work runs fn in tx, grouped with others' work or not, and then takes the
// search revision of what it changed; it tells whether fn queued mail. A
// panic in it is its error: the caller rolls back, and no other caller's
// work in a group is left waiting.
func (db *DB) work(ctx context.Context, tx *sql.Tx, grouped bool, fn func(q) error) (queuedMail bool, err error) {
	defer func() {
		if v := recover(); v != nil {
			queuedMail, err = false, fmt.Errorf("panic in transaction: %v", v)
		}
	}()
	x := q{db: db, c: tx, tx: tx, queuedMail: new(bool), searchChanged: new([]string), grouped: grouped}
	if err := fn(x); err != nil {
		return false, err
	}
	if err := takeSearchRevision(ctx, x, *x.searchChanged); err != nil {
		return false, err
	}
	return *x.queuedMail, nil
}

// rebind turns ? placeholders into PostgreSQL's $1, $2, …. Queries in this
// package never hold a literal question mark.
func (db *DB) rebind(query string) string {
	if db.dialect != Postgres || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// placeholders returns "?, ?, …" for n arguments.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// NewID returns a 24-hex-digit id, the shape of the ids the
// specification's front end expects: the time in milliseconds, then 48
// random bits. Ids made one after another sort together, so a new row's
// key lands on the last page of each index that holds it rather than on a
// random one.
func NewID() string {
	var b [12]byte
	binary.BigEndian.PutUint64(b[:8], uint64(time.Now().UnixMilli())<<16)
	_, _ = rand.Read(b[6:])
	return hex.EncodeToString(b[:])
}

// ValidID tells whether s has the shape of an id made by NewID.
func ValidID(s string) bool {
	if len(s) != 24 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil && strings.ToLower(s) == s
}

func millis(t time.Time) int64 { return t.UnixMilli() }

// fromMillis reads a stored time in India's time zone, so every time the
// API sends carries +05:30 and its first ten characters are the Indian
// date (SPEC.md §9 shows the pre-order date that way).
func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).In(shop.IST) }

func optionalTime(v sql.NullInt64) *time.Time {
	if !v.Valid {
		return nil
	}
	t := fromMillis(v.Int64)
	return &t
}

// each runs query and calls fn for every row.
func (db *DB) each(ctx context.Context, query string, args []any, fn func(*sql.Rows) error) error {
	return db.q().each(ctx, query, args, fn)
}

// each runs query and calls fn for every row.
func (x q) each(ctx context.Context, query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := x.query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
