package store

import (
	"context"
	"fmt"
	"testing"
)

// A full cache of prepared statements, or a query that does not prepare,
// still runs: as text, meeting the same error there.
func TestStatementsFullOrFailing(t *testing.T) {
	db := sqliteDB(t)
	ctx := context.Background()
	for i := range maxStatements + 3 {
		var n int
		if err := db.q().queryRow(ctx, fmt.Sprintf("SELECT %d + ?", i), 1).Scan(&n); err != nil || n != i+1 {
			t.Fatalf("query %d: %d, %v", i, n, err)
		}
	}
	if got := len(db.stmts.m); got != maxStatements {
		t.Errorf("%d statements kept, want the bound %d", got, maxStatements)
	}
	if _, err := db.w().exec(ctx, "SELECT * FROM no_such_table"); err == nil {
		t.Error("a query of a missing table ran")
	}
	if err := db.inTx(ctx, func(x q) error {
		_, err := x.exec(ctx, "CREATE TABLE t (v INTEGER)")
		if err == nil {
			_, err = x.exec(ctx, "INSERT INTO t (v) VALUES (?)", 7)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var v int
	if err := db.q().queryRow(ctx, "SELECT v FROM t").Scan(&v); err != nil || v != 7 {
		t.Errorf("read back %d, %v", v, err)
	}
}
