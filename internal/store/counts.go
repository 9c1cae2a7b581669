package store

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// maxCounts bounds the remembered counts: past it they are all forgotten,
// so made-up filters cannot grow the map without end.
const maxCounts = 10_000

// counts remembers how many published products a storefront list holds,
// for the catalogue version it was counted at. Counting is the one part of
// a page that reads the whole list, whichever page is asked; a shopper
// paging through a list, or the pages of one list cached apart, count once.
type counts struct {
	mu      sync.Mutex
	version int64
	n       map[string]int
}

// countProducts returns the number of products where picks, remembered
// while the catalogue stays at one version for a storefront list
// (remember), or, for the admin's, as any long list is (countBig): a draft
// made does not change the catalogue's version.
func (db *DB) countProducts(ctx context.Context, where string, args []any, remember bool) (int, error) {
	if !remember {
		return db.countBig(ctx, "products p", where, args)
	}
	key, version := fmt.Sprintf("%s %q", where, args), db.CatalogueVersion()
	db.counts.mu.Lock()
	n, ok := db.counts.n[key]
	if db.counts.n == nil || db.counts.version != version || len(db.counts.n) >= maxCounts {
		db.counts.version, db.counts.n, ok = version, map[string]int{}, false
	}
	db.counts.mu.Unlock()
	if ok {
		return n, nil
	}
	if err := db.q().queryRow(ctx, `SELECT COUNT(*) FROM products p`+where, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count products: %w", err)
	}
	db.counts.mu.Lock()
	if db.counts.n != nil && db.counts.version == version {
		db.counts.n[key] = n
	}
	db.counts.mu.Unlock()
	return n, nil
}

// pageWindow is where a page of size rows of a list of total rows starts,
// from the list's front or, for a page in its back half, from its end: an
// offset makes the database step over every row before it, so a late page
// is read in the reverse order, and reversed again, for the same cost as
// an early one.
func pageWindow(page, size, total int) (offset, limit int, backwards bool) {
	offset = (page - 1) * size
	limit = max(0, min(size, total-offset))
	if limit > 0 && offset > total/2 {
		return total - offset - limit, limit, true
	}
	return offset, limit, false
}

// A count of orders, products or users past bigCount is remembered for
// countFresh: PostgreSQL counts rows one by one (8 ms for 100,000), and a
// list that long moves by a few rows in seconds anyway; a shorter list is
// counted every time. New rows join the front of the lists, while a page
// in a list's back half is read from its end (pageWindow), so a
// remembered count moves no page but the first few.
const (
	bigCount   = 10_000
	countFresh = 10 * time.Second
)

type bigCounts struct {
	mu sync.Mutex
	n  map[string]rememberedCount
}

type rememberedCount struct {
	n  int
	at time.Time
}

// countBig counts the rows of from (a table and its alias) that where
// (empty, or starting with WHERE) picks.
func (db *DB) countBig(ctx context.Context, from, where string, args []any) (int, error) {
	key := fmt.Sprintf("%s%s %q", from, where, args)
	db.bigCounts.mu.Lock()
	c, ok := db.bigCounts.n[key]
	db.bigCounts.mu.Unlock()
	if ok && time.Since(c.at) < countFresh {
		return c.n, nil
	}
	var n int
	if err := db.q().queryRow(ctx, `SELECT COUNT(*) FROM `+from+where, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count %s: %w", from, err)
	}
	if n >= bigCount {
		db.bigCounts.mu.Lock()
		if db.bigCounts.n == nil || len(db.bigCounts.n) >= maxCounts {
			db.bigCounts.n = map[string]rememberedCount{}
		}
		db.bigCounts.n[key] = rememberedCount{n: n, at: time.Now()}
		db.bigCounts.mu.Unlock()
	}
	return n, nil
}
