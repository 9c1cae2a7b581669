package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// A background job of many instances, such as the expiry of unpaid orders,
// works through due rows with claimEach, so that each row is worked on by
// one instance once.

// claimEach calls work, for each row of table that matches where (with its
// args), in a transaction of its own that holds the row: on PostgreSQL it
// is claimed with FOR UPDATE SKIP LOCKED, so instances running the same job
// at once pass over each other's rows instead of waiting for them; SQLite
// has one instance, whose transactions take the write lock up front.
//
// work must leave the row no longer matching where, or report false: a row
// left matching is passed over until the next run. It reports how many rows
// work reported true for.
func (db *DB) claimEach(ctx context.Context, table, where string, args []any,
	work func(ctx context.Context, x q, id string) (bool, error)) (int, error) {
	lock := ""
	if db.dialect == Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	done := 0
	var passed []any
	for {
		skip := ""
		if len(passed) > 0 {
			skip = ` AND id NOT IN (` + placeholders(len(passed)) + `)`
		}
		var id string
		var worked bool
		err := db.inTx(ctx, func(x q) error {
			id, worked = "", false
			err := x.queryRow(ctx, `SELECT id FROM `+table+` WHERE `+where+skip+` LIMIT 1`+lock,
				append(append([]any{}, args...), passed...)...).Scan(&id)
			if errors.Is(err, sql.ErrNoRows) {
				return nil
			}
			if err != nil {
				return fmt.Errorf("claim a row of %s: %w", table, err)
			}
			worked, err = work(ctx, x, id)
			return err
		})
		switch {
		case err != nil || id == "":
			return done, err
		case worked:
			done++
		default:
			passed = append(passed, id)
		}
	}
}
