package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// groupDB is a SQLite database with a table of labels, one row each.
func groupDB(t *testing.T) *DB {
	t.Helper()
	db := sqliteDB(t)
	if _, err := db.sql.Exec(`CREATE TABLE labels (label TEXT PRIMARY KEY)`); err != nil {
		t.Fatal(err)
	}
	return db
}

// inOneGroup starts one transaction per work while the write turn is held,
// lets them go once all of them wait, and returns each one's outcome and
// the transaction each of its runs was given.
func inOneGroup(t *testing.T, db *DB, ctxs []context.Context, works []func(q) error) ([]error, [][]*sql.Tx) {
	t.Helper()
	outcomes := make([]error, len(works))
	txs := make([][]*sql.Tx, len(works))
	var mu sync.Mutex
	db.writer.take()
	var wg sync.WaitGroup
	for i, work := range works {
		wg.Go(func() {
			outcomes[i] = db.inTx(ctxs[i], func(x q) error {
				mu.Lock()
				txs[i] = append(txs[i], x.tx)
				mu.Unlock()
				return work(x)
			})
		})
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		db.writer.mu.Lock()
		n := len(db.writer.waiting)
		db.writer.mu.Unlock()
		if n == len(works) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d transactions waiting", n, len(works))
		}
	}
	db.writer.give()
	wg.Wait()
	return outcomes, txs
}

func insertLabel(label string) func(q) error {
	return func(x q) error {
		_, err := x.exec(context.Background(), `INSERT INTO labels (label) VALUES (?)`, label)
		return err
	}
}

func labels(t *testing.T, db *DB) []string {
	t.Helper()
	var out []string
	if err := db.each(context.Background(), `SELECT label FROM labels ORDER BY label`, nil, func(rows *sql.Rows) error {
		var l string
		err := rows.Scan(&l)
		out = append(out, l)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func background(n int) []context.Context {
	ctxs := make([]context.Context, n)
	for i := range ctxs {
		ctxs[i] = context.Background()
	}
	return ctxs
}

// Transactions that wait for the writer together commit together, and one
// that fails, after a write of its own or by a panic, fails alone: its
// writes are undone, the others' kept.
func TestGroupedTransactionsFailAlone(t *testing.T) {
	db := groupDB(t)
	refused := errors.New("refused")
	works := []func(q) error{
		insertLabel("a"),
		func(x q) error {
			if err := insertLabel("b")(x); err != nil {
				return err
			}
			return refused
		},
		insertLabel("c"),
		func(x q) error { // its second statement fails: the label is taken
			if err := insertLabel("f")(x); err != nil {
				return err
			}
			return insertLabel("f")(x)
		},
		func(x q) error {
			if err := insertLabel("d")(x); err != nil {
				return err
			}
			panic("bug")
		},
		insertLabel("e"),
	}
	outcomes, txs := inOneGroup(t, db, background(len(works)), works)

	for i, ran := range txs {
		if len(ran) != 1 || ran[0] != txs[0][0] {
			t.Fatalf("transaction %d ran in %v, want once in the group's %p", i, ran, txs[0][0])
		}
	}
	if outcomes[0] != nil || outcomes[2] != nil || outcomes[5] != nil {
		t.Errorf("the good transactions failed: %v", outcomes)
	}
	if !errors.Is(outcomes[1], refused) {
		t.Errorf("the refused transaction: %v", outcomes[1])
	}
	if !isUniqueViolation(outcomes[3]) {
		t.Errorf("the duplicate: %v", outcomes[3])
	}
	if outcomes[4] == nil || outcomes[4].Error() != "panic in transaction: bug" {
		t.Errorf("the panicking transaction: %v", outcomes[4])
	}
	if got, want := labels(t, db), []string{"a", "c", "e"}; !slices.Equal(got, want) {
		t.Errorf("labels %v, want %v", got, want)
	}
}

// A transaction whose caller has gone before its turn does not run; the
// others in its group do.
func TestGroupSkipsTheGone(t *testing.T) {
	db := groupDB(t)
	gone, cancel := context.WithCancel(context.Background())
	cancel()
	ctxs := background(3)
	ctxs[1] = gone
	outcomes, txs := inOneGroup(t, db, ctxs, []func(q) error{insertLabel("a"), insertLabel("b"), insertLabel("c")})
	if !errors.Is(outcomes[1], context.Canceled) || len(txs[1]) != 0 {
		t.Errorf("the gone caller's transaction: %v, ran %d times", outcomes[1], len(txs[1]))
	}
	if outcomes[0] != nil || outcomes[2] != nil {
		t.Errorf("the others: %v", outcomes)
	}
	if got, want := labels(t, db), []string{"a", "c"}; !slices.Equal(got, want) {
		t.Errorf("labels %v, want %v", got, want)
	}
}

// When the group's transaction itself ends early (here one work ends it;
// in a shop, SQLite ends it when a statement is interrupted), nothing of
// the group is kept, and each transaction runs again alone: the ones before
// it are not lost, none is written twice.
func TestBrokenGroupRunsEachAlone(t *testing.T) {
	db := groupDB(t)
	var breaks int
	works := []func(q) error{
		insertLabel("a"),
		func(x q) error {
			if err := insertLabel("b")(x); err != nil {
				return err
			}
			if breaks++; breaks == 1 {
				_, err := x.tx.Exec(`ROLLBACK`)
				return err
			}
			return nil
		},
		insertLabel("c"),
	}
	outcomes, txs := inOneGroup(t, db, background(len(works)), works)
	for i, err := range outcomes {
		if err != nil {
			t.Errorf("transaction %d: %v", i, err)
		}
	}
	group := txs[1][0]
	for i, ran := range txs {
		// Run in the group only if before the one that broke it; then alone.
		ok := len(ran) == 1 && ran[0] != group || len(ran) == 2 && ran[0] == group && ran[1] != group
		if !ok || i == 1 && len(ran) != 2 {
			t.Errorf("transaction %d ran in %v; the group's was %p", i, ran, group)
		}
	}
	if got, want := labels(t, db), []string{"a", "b", "c"}; !slices.Equal(got, want) {
		t.Errorf("labels %v, want %v", got, want)
	}
}

// A caller that goes once its transaction has started does not stop it
// half way: its statements run, and the group is not broken for the others.
func TestGroupRunsTheStartedToTheEnd(t *testing.T) {
	db := groupDB(t)
	leaving, leave := context.WithCancel(context.Background())
	ctxs := background(3)
	ctxs[1] = leaving
	outcomes, txs := inOneGroup(t, db, ctxs, []func(q) error{
		insertLabel("a"),
		func(x q) error {
			leave()
			_, err := x.exec(leaving, `INSERT INTO labels (label) VALUES (?)`, "b")
			return err
		},
		insertLabel("c"),
	})
	for i, err := range outcomes {
		if err != nil || len(txs[i]) != 1 || txs[i][0] != txs[0][0] {
			t.Errorf("transaction %d: %v, ran in %v; want once in the group's %p", i, err, txs[i], txs[0][0])
		}
	}
	if got, want := labels(t, db), []string{"a", "b", "c"}; !slices.Equal(got, want) {
		t.Errorf("labels %v, want %v", got, want)
	}
}
