package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/haat-shop/haat/internal/shop"
)

// A search in SQL must score and count every product that matches: at
// 100,000 products a common word such as "t-shirt" matches most of them,
// and no plan of either database answers that within milliseconds. So each
// instance keeps a mirror of the index in memory (about 16 bytes a word of
// a product), in step with the database through the search revision
// (migration 00017): every search reads the revision and first reloads the
// products changed since the mirror's own. The database stays the truth;
// the mirror is built from it at the first search after start.

// searchChanged records, in transaction x, that what the mirrors hold of
// products ids is out of date. The revision is taken as x commits
// (takeSearchRevision), so that its row is locked for the commit only.
func searchChanged(x q, ids ...string) error {
	if x.searchChanged == nil {
		return errors.New("record a search change: not in a transaction")
	}
	*x.searchChanged = append(*x.searchChanged, ids...)
	return nil
}

// takeSearchRevision gives products ids, changed in transaction x, the
// next search revision; run last in x, its row stays locked until commit,
// so revisions commit in order.
func takeSearchRevision(ctx context.Context, x q, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	var rev int64
	if err := x.queryRow(ctx, `UPDATE search_revision SET rev = rev + 1 WHERE id = 1 RETURNING rev`).Scan(&rev); err != nil {
		return fmt.Errorf("next search revision: %w", err)
	}
	slices.Sort(ids)
	for _, id := range slices.Compact(ids) {
		if _, err := x.exec(ctx, `INSERT INTO search_changes (product_id, rev) VALUES (?, ?)
			ON CONFLICT (product_id) DO UPDATE SET rev = excluded.rev`, id, rev); err != nil {
			return fmt.Errorf("record search change: %w", err)
		}
	}
	return nil
}

// A posting is one product's word: its ordinal in the mirror and the
// weight of the word's best place in it, in the low 4 bits.
type posting uint32

const weightBits = 4

func newPosting(ord int32, weight int) posting {
	return posting(uint32(ord)<<weightBits | uint32(weight)&(1<<weightBits-1))
}
func (p posting) ord() int32     { return int32(p >> weightBits) }
func (p posting) weight() uint16 { return uint16(p & (1<<weightBits - 1)) }

// mirroredProduct is what ranks a product after its words' score.
type mirroredProduct struct {
	id    string
	shown bool
	key   uint64  // rankKey
	terms []int32 // the words it is in the postings of
}

// searchMirror is the index in memory: per word its postings, per product
// ordinal what ranks it.
type searchMirror struct {
	// catching lets one search at a time bring the mirror up to date; mu
	// guards the mirror, held to write only while changes read are applied.
	catching sync.Mutex
	mu       sync.RWMutex
	built    bool
	rev      int64

	products []mirroredProduct
	ordOf    map[string]int32

	words    []string // word id → word
	postings [][]posting
	wordID   map[string]int32
	sorted   []int32 // word ids in byte order of the word, for prefix ranges
}

// fresh brings the mirror up to the search revision now, reloading what
// changed since it last looked, or building it at first; read it under
// m.mu.RLock.
func (m *searchMirror) fresh(ctx context.Context, db *DB) error {
	var rev int64
	if err := db.q().queryRow(ctx, `SELECT rev FROM search_revision WHERE id = 1`).Scan(&rev); err != nil {
		return fmt.Errorf("read search revision: %w", err)
	}
	m.mu.RLock()
	current := m.built && m.rev >= rev
	m.mu.RUnlock()
	if current {
		return nil
	}
	m.catching.Lock()
	defer m.catching.Unlock()
	// Only the holder of m.catching writes the mirror: m.rev and m.built
	// are read here without m.mu.
	switch {
	case m.built && m.rev >= rev: // another search brought it up to date
		return nil
	case !m.built:
		m.mu.Lock()
		defer m.mu.Unlock()
		return m.build(ctx, db, rev)
	}
	changes, err := readSearchChanges(ctx, db, m.rev, rev)
	if err != nil {
		return err
	}
	m.mu.Lock()
	m.apply(changes)
	m.mu.Unlock()
	return nil
}

// WarmSearch builds the search mirror now, as the first search would.
func (db *DB) WarmSearch(ctx context.Context) error { return db.mirror.fresh(ctx, db) }

// shownProducts is the mirror's view of products: what ranks them.
const shownProducts = `SELECT p.id, p.rating_total, p.num_reviews, p.created_at,
	EXISTS (SELECT 1 FROM variants v JOIN sizes s ON s.variant_id = v.id WHERE v.product_id = p.id AND s.stock > 0)
	FROM products p WHERE p.published = ?`

// build reads the whole index; rev is the revision read before it, so a
// change committed while it reads is read again by the next catch-up.
func (m *searchMirror) build(ctx context.Context, db *DB, rev int64) error {
	m.products, m.ordOf = nil, map[string]int32{}
	m.words, m.postings, m.wordID = nil, nil, map[string]int32{}
	err := db.each(ctx, shownProducts, []any{true}, func(rows *sql.Rows) error {
		p, err := scanMirrored(rows)
		m.add(p)
		return err
	})
	if err != nil {
		return fmt.Errorf("read products to search: %w", err)
	}
	err = db.each(ctx, `SELECT product_id, term, weight FROM search_terms`, nil, func(rows *sql.Rows) error {
		t, err := scanTerm(rows)
		m.addTerm(t, false)
		return err
	})
	if err != nil {
		return fmt.Errorf("read search index: %w", err)
	}
	m.sorted = make([]int32, len(m.words))
	for i := range m.sorted {
		m.sorted[i] = int32(i)
	}
	slices.SortFunc(m.sorted, func(a, b int32) int { return strings.Compare(m.words[a], m.words[b]) })
	m.rev, m.built = rev, true
	return nil
}

// searchChanges is what changed after a revision, read from the database
// before the mirror is locked to apply it.
type searchChanges struct {
	rev      int64
	changed  []string
	products []mirroredProduct
	terms    []mirroredTerm
}

type mirroredTerm struct {
	id, term string
	weight   int
}

// readSearchChanges reads the products changed after revision since, up to
// revision rev at least: every revision up to it has committed, and a
// product changed again since carries its later one.
func readSearchChanges(ctx context.Context, db *DB, since, rev int64) (searchChanges, error) {
	c := searchChanges{rev: rev}
	var ids []any
	err := db.each(ctx, `SELECT product_id, rev FROM search_changes WHERE rev > ? ORDER BY rev`, []any{since}, func(rows *sql.Rows) error {
		var id string
		var changed int64
		if err := rows.Scan(&id, &changed); err != nil {
			return err
		}
		c.changed = append(c.changed, id)
		ids = append(ids, id)
		c.rev = max(c.rev, changed)
		return nil
	})
	if err != nil {
		return c, fmt.Errorf("read search changes: %w", err)
	}
	for chunk := range slices.Chunk(ids, termBatch) {
		in := placeholders(len(chunk))
		err := db.each(ctx, shownProducts+` AND p.id IN (`+in+`)`, append([]any{true}, chunk...), func(rows *sql.Rows) error {
			p, err := scanMirrored(rows)
			c.products = append(c.products, p)
			return err
		})
		if err != nil {
			return c, fmt.Errorf("read changed products: %w", err)
		}
		err = db.each(ctx, `SELECT product_id, term, weight FROM search_terms WHERE product_id IN (`+in+`)`, chunk,
			func(rows *sql.Rows) error {
				t, err := scanTerm(rows)
				c.terms = append(c.terms, t)
				return err
			})
		if err != nil {
			return c, fmt.Errorf("read changed search terms: %w", err)
		}
	}
	return c, nil
}

// apply takes the changed products out of the postings, all at once (a
// common word's postings hold most products), and puts back what they are now.
func (m *searchMirror) apply(c searchChanges) {
	dropped := map[int32]bool{}
	words := map[int32]bool{}
	for _, id := range c.changed {
		ord, ok := m.ordOf[id]
		if !ok {
			continue
		}
		dropped[ord] = true
		for _, w := range m.products[ord].terms {
			words[w] = true
		}
		m.products[ord] = mirroredProduct{id: id}
	}
	for w := range words {
		m.postings[w] = slices.DeleteFunc(m.postings[w], func(p posting) bool { return dropped[p.ord()] })
	}
	for _, p := range c.products {
		m.add(p)
	}
	for _, t := range c.terms {
		m.addTerm(t, true)
	}
	m.rev = c.rev
}

func scanMirrored(rows *sql.Rows) (mirroredProduct, error) {
	p := mirroredProduct{shown: true}
	var total, reviews, created int64
	var inStock bool
	if err := rows.Scan(&p.id, &total, &reviews, &created, &inStock); err != nil {
		return p, err
	}
	rating := int64(0) // the average as ranked: rating_total * 1000 / num_reviews
	if reviews > 0 {
		rating = total * 1000 / reviews
	}
	p.key = rankKey(inStock, rating, created)
	return p, nil
}

func scanTerm(rows *sql.Rows) (mirroredTerm, error) {
	var t mirroredTerm
	var term []byte
	err := rows.Scan(&t.id, &term, &t.weight)
	t.term = string(term)
	return t, err
}

// add puts a shown product in the mirror, or back in its place.
func (m *searchMirror) add(p mirroredProduct) {
	if ord, ok := m.ordOf[p.id]; ok {
		m.products[ord] = p
		return
	}
	m.ordOf[p.id] = int32(len(m.products))
	m.products = append(m.products, p)
}

// addTerm adds a word of a product; sorted says whether a new word takes
// its place in m.sorted now (a catch-up) or once all are read (a build).
func (m *searchMirror) addTerm(t mirroredTerm, sorted bool) {
	ord, ok := m.ordOf[t.id]
	if !ok || !m.products[ord].shown {
		return // unpublished since the terms were written, in a change yet to be read
	}
	w, ok := m.wordID[t.term]
	if !ok {
		w = int32(len(m.words))
		m.words = append(m.words, t.term)
		m.postings = append(m.postings, nil)
		m.wordID[t.term] = w
		if sorted {
			at, _ := slices.BinarySearchFunc(m.sorted, t.term, func(id int32, t string) int { return strings.Compare(m.words[id], t) })
			m.sorted = slices.Insert(m.sorted, at, w)
		}
	}
	m.postings[w] = append(m.postings[w], newPosting(ord, t.weight))
	m.products[ord].terms = append(m.products[ord].terms, w)
}

// wordsIn returns the ids of the words starting with prefix.
func (m *searchMirror) wordsIn(prefix string) []int32 {
	from := sort.Search(len(m.sorted), func(i int) bool { return m.words[m.sorted[i]] >= prefix })
	to := from
	for to < len(m.sorted) && strings.HasPrefix(m.words[m.sorted[to]], prefix) {
		to++
	}
	return m.sorted[from:to]
}

// has tells whether a shown product has a word starting with any of prefixes.
func (m *searchMirror) has(prefixes []string) bool {
	for _, p := range prefixes {
		for _, w := range m.wordsIn(p) {
			if len(m.postings[w]) > 0 {
				return true
			}
		}
	}
	return false
}

// match returns the ordinals of the products matching every word of sq,
// with their scores by ordinal: per word, the weight of its best place.
func (m *searchMirror) match(sq searchQuery) ([]int32, []uint16) {
	matched := make([]uint8, len(m.products)) // words matched so far
	best := make([]uint16, len(m.products))   // the word's best weight
	score := make([]uint16, len(m.products))
	var touched []int32
	for i, alts := range sq.alts {
		touched = touched[:0]
		for _, prefix := range alts {
			for _, w := range m.wordsIn(prefix) {
				for _, p := range m.postings[w] {
					ord := p.ord()
					if int(matched[ord]) != i {
						continue
					}
					if best[ord] == 0 {
						touched = append(touched, ord)
					}
					best[ord] = max(best[ord], p.weight())
				}
			}
		}
		for _, ord := range touched {
			matched[ord]++
			score[ord] += best[ord]
			best[ord] = 0
		}
	}
	return touched, score
}

// rankKey orders products as the SQL search's ORDER BY does after the
// score, greatest first: in stock before sold out, then rating (at most
// 5000, 13 bits), then newest (milliseconds, 44 bits: until the year 2527).
func rankKey(inStock bool, rating, created int64) uint64 {
	k := uint64(min(max(rating, 0), 1<<13-1))<<44 | uint64(min(max(created, 0), 1<<44-1))
	if inStock {
		k |= 1 << 57
	}
	return k
}

// ranked compares two matches as the SQL search's ORDER BY does: by
// score, then rankKey, then id.
func (m *searchMirror) ranked(score []uint16) func(a, b int32) int {
	return func(a, b int32) int {
		if c := cmp.Compare(score[b], score[a]); c != 0 {
			return c
		}
		pa, pb := &m.products[a], &m.products[b]
		if c := cmp.Compare(pb.key, pa.key); c != 0 {
			return c
		}
		return strings.Compare(pb.id, pa.id)
	}
}

// page returns the ids of matches from offset, at most n, in rank order.
// A page near the end is chosen from the end, so that the last costs what
// the first does: each keeps only the matches up to it in a heap.
func (m *searchMirror) page(matches []int32, score []uint16, offset, n int) []string {
	if offset >= len(matches) {
		return nil
	}
	n = min(n, len(matches)-offset)
	order := m.ranked(score)
	fromEnd := offset > len(matches)-offset-n
	if fromEnd {
		forward := order
		order = func(a, b int32) int { return forward(b, a) }
		offset = len(matches) - offset - n
	}
	kept := firstInOrder(matches, offset+n, order)
	kept = kept[offset:]
	if fromEnd {
		slices.Reverse(kept)
	}
	ids := make([]string, len(kept))
	for i, ord := range kept {
		ids[i] = m.products[ord].id
	}
	return ids
}

// firstInOrder returns the first k of xs in order, sorted, keeping a heap
// of the k best seen.
func firstInOrder(xs []int32, k int, order func(a, b int32) int) []int32 {
	if k <= 0 {
		return nil
	}
	if k >= len(xs)/4 {
		sorted := slices.Clone(xs)
		slices.SortFunc(sorted, order)
		return sorted[:k]
	}
	// A max-heap by order: its top is the worst of the k kept.
	h := make([]int32, 0, k)
	down := func(i int) {
		for {
			worst, l, r := i, 2*i+1, 2*i+2
			if l < len(h) && order(h[l], h[worst]) > 0 {
				worst = l
			}
			if r < len(h) && order(h[r], h[worst]) > 0 {
				worst = r
			}
			if worst == i {
				return
			}
			h[i], h[worst] = h[worst], h[i]
			i = worst
		}
	}
	for _, x := range xs {
		switch {
		case len(h) < k:
			h = append(h, x)
			for i := len(h) - 1; i > 0 && order(h[i], h[(i-1)/2]) > 0; i = (i - 1) / 2 {
				h[i], h[(i-1)/2] = h[(i-1)/2], h[i]
			}
		case order(x, h[0]) < 0:
			h[0] = x
			down(0)
		}
	}
	slices.SortFunc(h, order)
	return h
}

// nearWord returns the first word in byte order that a shown product has,
// one edit from w and starting with its letter ("" when none): typos
// rarely take the first letter.
func (m *searchMirror) nearWord(w string) string {
	for _, id := range m.wordsIn(string([]rune(w)[0])) {
		if len(m.postings[id]) > 0 && shop.WithinOneEdit(w, m.words[id]) {
			return m.words[id]
		}
	}
	return ""
}

// correct returns the query's words with each misspelt one replaced by the
// word it is likely meant for, or nil when there is none to correct.
func (m *searchMirror) correct(sq searchQuery) []string {
	fixed := slices.Clone(sq.words)
	changed := false
	for i, w := range sq.words {
		if !shop.Correctable(w) || m.has(sq.alts[i]) {
			continue
		}
		if near := m.nearWord(w); near != "" {
			fixed[i], changed = near, true
		}
	}
	if !changed {
		return nil
	}
	return fixed
}
