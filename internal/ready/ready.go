// Package ready tells whether the shop can serve: the named checks of
// /readyz, each a dependency the shop needs (the database, the pictures'
// storage, a shared cache), that a load balancer asks about before sending
// customers to an instance.
package ready

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Check is one dependency, by name, and how to tell it answers.
type Check struct {
	Name  string
	Probe func(ctx context.Context) error
}

// Result is how one check went: Err is nil when it answered.
type Result struct {
	Name string
	Err  error
}

// Run runs the checks at once, each within timeout, and returns their
// results in their order. A check still running when its time is up fails,
// so one that hangs cannot hold the answer.
func Run(ctx context.Context, checks []Check, timeout time.Duration) []Result {
	results := make([]Result, len(checks))
	var wg sync.WaitGroup
	for i, c := range checks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = Result{Name: c.Name, Err: probe(ctx, c, timeout)}
		}()
	}
	wg.Wait()
	return results
}

// probe runs one check, abandoning it when its time is up: its goroutine
// ends when the probe does, which the timeout in its context asks it to.
func probe(ctx context.Context, c Check, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- c.Probe(ctx) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return fmt.Errorf("no answer within %s: %w", timeout, ctx.Err())
	}
}
