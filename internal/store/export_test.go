package store

import "context"

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
