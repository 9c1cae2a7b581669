package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/haat-shop/haat/internal/shop"
)

// The search index (migration 00012) holds each product's words with the
// weight of the best place they appear; a query word matches the words it
// is a prefix of, compared as bytes (see the migration).

// prefixRange is the condition and arguments matching the words starting
// with prefix: no UTF-8 text holds the byte 0xff, so prefix+0xff is past
// every word that starts with prefix.
func prefixRange(prefix string) (string, []any) {
	return `(term >= ? AND term < ?)`, []any{[]byte(prefix), append([]byte(prefix), 0xff)}
}

// anyPrefix is the condition matching words starting with any of prefixes.
func anyPrefix(prefixes []string) (string, []any) {
	conds := make([]string, len(prefixes))
	var args []any
	for i, p := range prefixes {
		c, a := prefixRange(p)
		conds[i] = c
		args = append(args, a...)
	}
	return "(" + strings.Join(conds, " OR ") + ")", args
}

// searchDocument is what the index holds of a product.
func searchDocument(name, description string, tags []string, variants []shop.Variant) shop.SearchDocument {
	d := shop.SearchDocument{Name: name, Description: description, Tags: tags}
	for _, v := range variants {
		d.Variants = append(d.Variants, v.VariantName)
		for _, s := range v.Sizes {
			d.Variants = append(d.Variants, s.Size)
		}
	}
	return d
}

// termBatch keeps a multi-row insert well under SQLite's and PostgreSQL's
// limits on a statement's parameters.
const termBatch = 200

// indexProduct replaces product id's words in the index, in the
// transaction that writes the product, so search never sees it half done.
// The index holds published products only: a search then needs no look at
// the products it does not show.
func indexProduct(ctx context.Context, x q, id string, published bool, d shop.SearchDocument) error {
	if _, err := x.exec(ctx, `DELETE FROM search_terms WHERE product_id = ?`, id); err != nil {
		return fmt.Errorf("clear search terms: %w", err)
	}
	if !published {
		return searchChanged(x, id)
	}
	terms := d.SearchTerms()
	words := make([]string, 0, len(terms))
	for w := range terms {
		words = append(words, w)
	}
	// Sorted, so concurrent writers take the vocabulary's rows in one order.
	slices.Sort(words)
	for chunk := range slices.Chunk(words, termBatch) {
		var args, vocab []any
		for _, w := range chunk {
			args = append(args, []byte(w), id, terms[w])
			vocab = append(vocab, []byte(w))
		}
		if _, err := x.exec(ctx, `INSERT INTO search_terms (term, product_id, weight) VALUES `+
			strings.TrimSuffix(strings.Repeat("(?, ?, ?), ", len(chunk)), ", "), args...); err != nil {
			return fmt.Errorf("index product: %w", err)
		}
		if _, err := x.exec(ctx, `INSERT INTO search_words (term) VALUES `+
			strings.TrimSuffix(strings.Repeat("(?), ", len(chunk)), ", ")+` ON CONFLICT (term) DO NOTHING`, vocab...); err != nil {
			return fmt.Errorf("index words: %w", err)
		}
	}
	return searchChanged(x, id)
}

// reindexSearch indexes the published products the index lacks: those
// stored before it existed.
func (db *DB) reindexSearch(ctx context.Context) error {
	var ids []any
	err := db.each(ctx, `SELECT p.id FROM products p WHERE p.published = ?
		AND NOT EXISTS (SELECT 1 FROM search_terms t WHERE t.product_id = p.id)`, []any{true}, func(rows *sql.Rows) error {
		var id string
		err := rows.Scan(&id)
		ids = append(ids, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("find products to index: %w", err)
	}
	for chunk := range slices.Chunk(ids, termBatch) {
		products, err := db.products(ctx, `SELECT `+productColumns+` FROM products p WHERE p.id IN (`+placeholders(len(chunk))+`)`, chunk...)
		if err != nil {
			return err
		}
		err = db.inTx(ctx, func(x q) error {
			for _, p := range products {
				if err := indexProduct(ctx, x, p.ID, true, searchDocument(p.Name, p.Description, p.Tags, p.Variants)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// searchQuery is a keyword made ready for the index: per word, the
// prefixes any of which it matches.
type searchQuery struct {
	words []string
	alts  [][]string
}

func newSearchQuery(words []string, synonyms [][]string) searchQuery {
	q := searchQuery{words: words}
	for _, w := range words {
		q.alts = append(q.alts, shop.Alternatives(w, synonyms))
	}
	return q
}

// matched is a subquery of the published products that match every word,
// with their score: per word, the weight of the best place it appears.
func (sq searchQuery) matched() (string, []any) {
	parts := make([]string, len(sq.alts))
	var args []any
	for i, alts := range sq.alts {
		cond, a := anyPrefix(alts)
		parts[i] = `SELECT product_id, MAX(weight) AS weight FROM search_terms WHERE ` + cond + ` GROUP BY product_id`
		args = append(args, a...)
	}
	if len(parts) == 1 {
		return strings.Replace(parts[0], `AS weight`, `AS score`, 1), args
	}
	return `SELECT product_id, SUM(weight) AS score FROM (` + strings.Join(parts, ` UNION ALL `) +
		`) w GROUP BY product_id HAVING COUNT(*) = ?`, append(args, len(sq.alts))
}

// ranked orders matches by score, then in stock before sold out, then
// rating and newest; the rating compared as in TopProducts.
const ranked = ` ORDER BY m.score DESC,
	CASE WHEN EXISTS (SELECT 1 FROM variants v JOIN sizes s ON s.variant_id = v.id
		WHERE v.product_id = p.id AND s.stock > 0) THEN 0 ELSE 1 END,
	CASE WHEN p.num_reviews = 0 THEN 0 ELSE p.rating_total * 1000 / p.num_reviews END DESC,
	p.created_at DESC, p.id DESC`

// from is the FROM of a query of the published products (p) matching sq,
// with their score (m.score).
func (sq searchQuery) from() (string, []any) {
	sub, args := sq.matched()
	return ` FROM (` + sub + `) m JOIN products p ON p.id = m.product_id`, args
}

// searchPage returns one page of the products matching sq that f keeps,
// best first or in the order f names, and how many there are in all: in
// SQL, which knows sizes, colours and prices.
func (db *DB) searchPage(ctx context.Context, sq searchQuery, f shop.ProductFilter, page int) ([]shop.Product, int, error) {
	from, args := sq.from()
	if cond, condArgs := filterWhere(f); cond != "" {
		from += ` WHERE ` + strings.TrimPrefix(cond, ` AND `)
		args = append(args, condArgs...)
	}
	order := ranked
	if o, ok := orderBy[f.Sort]; ok {
		order = o.forward
	}
	var ids []string
	total := 0
	err := db.each(ctx, `SELECT p.id, COUNT(*) OVER ()`+from+order+` LIMIT ? OFFSET ?`,
		append(slices.Clone(args), shop.PageSize, (page-1)*shop.PageSize), func(rows *sql.Rows) error {
			var id string
			err := rows.Scan(&id, &total)
			ids = append(ids, id)
			return err
		})
	if err != nil {
		return nil, 0, fmt.Errorf("search products: %w", err)
	}
	if len(ids) == 0 && page > 1 {
		if err := db.q().queryRow(ctx, `SELECT COUNT(*)`+from, args...).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("count matches: %w", err)
		}
	}
	products, err := db.productsInOrder(ctx, ids)
	return products, total, err
}

// mirroredPage is searchPage without a filter, in the search mirror.
func (db *DB) mirroredPage(ctx context.Context, sq searchQuery, _ shop.ProductFilter, page int) ([]shop.Product, int, error) {
	db.mirror.mu.RLock()
	matches, score := db.mirror.match(sq)
	ids := db.mirror.page(matches, score, (page-1)*shop.PageSize, shop.PageSize)
	db.mirror.mu.RUnlock()
	products, err := db.productsInOrder(ctx, ids)
	return products, len(matches), err
}

// productsInOrder reads the products ids, in that order.
func (db *DB) productsInOrder(ctx context.Context, ids []string) ([]shop.Product, error) {
	if len(ids) == 0 {
		return []shop.Product{}, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	products, err := db.products(ctx, `SELECT `+productColumns+` FROM products p WHERE p.id IN (`+placeholders(len(ids))+`)`, args...)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(products, func(a, b shop.Product) int {
		return slices.Index(ids, a.ID) - slices.Index(ids, b.ID)
	})
	return products, nil
}

// maxMirroredWords is the most words the mirror counts a product's matches
// of (in a byte each); a longer query is searched in SQL.
const maxMirroredWords = 255

// search answers a keyword with words, narrowed and ordered by f. When
// nothing matches, a word of shop.MinTypoLength letters or more that starts
// no indexed word is taken for a typo of the indexed word one edit away,
// unless the shopper asked for the exact words.
func (db *DB) search(ctx context.Context, words []string, exact bool, f shop.ProductFilter, page int) (shop.SearchPage, error) {
	settings, err := db.Settings(ctx)
	if err != nil {
		return shop.SearchPage{}, err
	}
	if err := db.mirror.fresh(ctx, db); err != nil {
		return shop.SearchPage{}, err
	}
	find := db.mirroredPage
	if f != (shop.ProductFilter{}) || len(words) > maxMirroredWords {
		find = db.searchPage
	}
	sq := newSearchQuery(words, settings.Synonyms)
	products, total, err := find(ctx, sq, f, page)
	if err != nil || total > 0 || exact {
		return pageOf(products, total, page, ""), err
	}
	db.mirror.mu.RLock()
	fixed := db.mirror.correct(sq)
	db.mirror.mu.RUnlock()
	if fixed == nil {
		return pageOf(products, total, page, ""), nil
	}
	products, total, err = find(ctx, newSearchQuery(fixed, settings.Synonyms), f, page)
	return pageOf(products, total, page, strings.Join(fixed, " ")), err
}

func pageOf(products []shop.Product, total, page int, corrected string) shop.SearchPage {
	return shop.SearchPage{ProductPage: shop.ProductPage{Products: products, Pages: shop.PageCount(total), Page: page},
		Total: total, Corrected: corrected}
}

// maxSuggestedCategories leaves most of the suggestions to products.
const maxSuggestedCategories = 2

// Suggest returns up to shop.MaxSuggestions suggestions for what a shopper
// is typing: the categories starting with it, then the best products
// matching it. Typos are not corrected: the word is likely unfinished.
func (db *DB) Suggest(ctx context.Context, keyword string) ([]shop.Suggestion, error) {
	k := shop.NormalizeKeyword(keyword)
	words := shop.QueryWords(k)
	suggestions := []shop.Suggestion{}
	if utf8.RuneCountInString(k) < shop.MinSuggestLength || len(words) == 0 {
		return suggestions, nil
	}
	// One look-up per category, each the next tag in order, walked in the
	// tag's order and stopped at its first shown product: the index then
	// skips a popular tag's many rows instead of reading them all. One lower
	// bound only: given two, SQLite seeks by one and reads on to the other.
	from := `t.tag >= ?`
	after := k
	for len(suggestions) < maxSuggestedCategories {
		var tag string
		err := db.q().queryRow(ctx, `SELECT t.tag FROM product_tags t WHERE `+from+` AND t.tag < ?
			AND EXISTS (SELECT 1 FROM products p WHERE p.id = t.product_id AND p.published = ?) ORDER BY t.tag LIMIT 1`,
			after, k+string(utf8.MaxRune), true).Scan(&tag)
		if errors.Is(err, sql.ErrNoRows) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("suggest categories: %w", err)
		}
		suggestions = append(suggestions, shop.Suggestion{Kind: shop.SuggestCategory, Name: tag})
		from, after = `t.tag > ?`, tag
	}
	settings, err := db.Settings(ctx)
	if err != nil {
		return nil, err
	}
	if err := db.mirror.fresh(ctx, db); err != nil {
		return nil, err
	}
	sq := newSearchQuery(words, settings.Synonyms)
	db.mirror.mu.RLock()
	matches, score := db.mirror.match(sq)
	chosen := db.mirror.page(matches, score, 0, shop.MaxSuggestions-len(suggestions))
	db.mirror.mu.RUnlock()
	if len(chosen) == 0 {
		return suggestions, nil
	}
	ids := make([]any, len(chosen))
	for i, id := range chosen {
		ids[i] = id
	}
	first := len(suggestions)
	for _, id := range chosen {
		suggestions = append(suggestions, shop.Suggestion{Kind: shop.SuggestProduct, ID: id})
	}
	products := map[string]*shop.Suggestion{}
	for i := first; i < len(suggestions); i++ {
		products[suggestions[i].ID] = &suggestions[i]
	}
	err = db.each(ctx, `SELECT id, name FROM products WHERE id IN (`+placeholders(len(ids))+`)`, ids, func(rows *sql.Rows) error {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			return err
		}
		products[id].Name = name
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("suggest products: %w", err)
	}
	err = db.each(ctx, `SELECT v.product_id, i.path FROM variants v JOIN variant_images i ON i.variant_id = v.id
		WHERE v.product_id IN (`+placeholders(len(ids))+`) ORDER BY v.product_id, v.position, i.position`, ids,
		func(rows *sql.Rows) error {
			var id, path string
			if err := rows.Scan(&id, &path); err != nil {
				return err
			}
			if s := products[id]; s.Image == "" {
				s.Image = path
			}
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("suggest pictures: %w", err)
	}
	// A product deleted since the mirror chose it has no name to show.
	return slices.DeleteFunc(suggestions, func(s shop.Suggestion) bool { return s.Name == "" }), nil
}
