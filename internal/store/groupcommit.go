package store

import (
	"context"
	"fmt"
	"sync"
)

// SQLite has one writer. Transactions that ask for it while another holds
// it wait in line, and whoever gets the turn next runs every transaction
// waiting then, one after the other in one SQLite transaction, each inside
// a savepoint of its own, and commits them together: group commit. A
// transaction whose work fails is rolled back to its savepoint and fails
// alone. Checkout is where this counts: an order is a handful of short
// statements, and one commit of theirs wrote more (the WAL frames of every
// page they touched) than they did, while each hand-over of the turn woke
// another goroutine.

// writer is SQLite's write turn and the transactions waiting for it.
type writer struct {
	// turn holds a token while someone writes; blocked senders are served
	// in the order they came.
	turn    chan struct{}
	mu      sync.Mutex
	waiting []*txJob
}

func newWriter() writer { return writer{turn: make(chan struct{}, 1)} }

func (w *writer) take() { w.turn <- struct{}{} }
func (w *writer) give() { <-w.turn }

// txJob is one transaction's work, and where its outcome is sent.
type txJob struct {
	ctx  context.Context
	fn   func(q) error
	done chan error
}

// groupTx runs fn in SQLite's next group of transactions.
func (db *DB) groupTx(ctx context.Context, fn func(q) error) error {
	job := &txJob{ctx: ctx, fn: fn, done: make(chan error, 1)}
	w := &db.writer
	w.mu.Lock()
	w.waiting = append(w.waiting, job)
	w.mu.Unlock()
	select {
	case err := <-job.done: // an earlier turn's holder ran it
		return err
	case w.turn <- struct{}{}:
	}
	defer w.give()
	// Every job that waited when a turn began has its outcome before that
	// turn ends: one not done now is still waiting, and runs in this turn.
	select {
	case err := <-job.done:
		return err
	default:
	}
	w.mu.Lock()
	jobs := w.waiting
	w.waiting = nil
	w.mu.Unlock()
	db.runGroup(jobs)
	return <-job.done
}

// runGroup commits jobs together, or, if the group as a whole fails (its
// commit, or a savepoint, which a statement SQLite interrupted takes down
// with the whole transaction), runs each in a transaction of its own:
// work given to inTx must be safe to run again.
func (db *DB) runGroup(jobs []*txJob) {
	told := 0
	defer func() {
		// A panic here, outside any job's work, must not leave the rest
		// waiting for an outcome for ever, and the write turn with them.
		if v := recover(); v != nil {
			for _, job := range jobs[told:] {
				job.done <- fmt.Errorf("transaction not run: %v", v)
			}
			panic(v)
		}
	}()
	if len(jobs) > 1 {
		if outcomes, err := db.tryGroup(jobs); err == nil {
			for i, job := range jobs {
				job.done <- outcomes[i]
				told++
			}
			return
		}
	}
	for _, job := range jobs {
		job.done <- db.soloTx(job.ctx, job.fn)
		told++
	}
}

// tryGroup runs jobs in one transaction, a savepoint each, and commits.
// It returns each job's outcome, or an error when the group could not be
// committed: then nothing of it was.
func (db *DB) tryGroup(jobs []*txJob) ([]error, error) {
	// No caller's context may end the transaction that carries the others'
	// work: a job whose caller has gone is skipped before it starts, and
	// once started its statements run to their end (q.grouped).
	tx, err := db.sql.BeginTx(context.Background(), nil)
	if err != nil {
		return nil, fmt.Errorf("begin group: %w", err)
	}
	defer tx.Rollback() // once committed, a no-op
	outcomes := make([]error, len(jobs))
	queuedMail := false
	control := func(stmt string) error {
		_, err := tx.ExecContext(context.Background(), stmt)
		return err
	}
	for i, job := range jobs {
		if err := job.ctx.Err(); err != nil {
			outcomes[i] = fmt.Errorf("begin transaction: %w", err)
			continue
		}
		if err := control("SAVEPOINT job"); err != nil {
			return nil, fmt.Errorf("savepoint: %w", err)
		}
		mailed, err := db.work(job.ctx, tx, true, job.fn)
		if err != nil {
			if err := control("ROLLBACK TO job"); err != nil {
				return nil, fmt.Errorf("roll back to savepoint: %w", err)
			}
		}
		if err := control("RELEASE job"); err != nil {
			return nil, fmt.Errorf("release savepoint: %w", err)
		}
		outcomes[i] = err
		queuedMail = queuedMail || mailed
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("commit group: %w", err)
	}
	if queuedMail {
		db.wakeMailSender()
	}
	return outcomes, nil
}
