package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/haat-shop/haat/internal/shop"
)

// Category is a tag in use with the number of published products carrying it.
type Category struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// Categories returns the tags of published products, most used first.
func (db *DB) Categories(ctx context.Context) ([]Category, error) {
	cats := []Category{}
	err := db.each(ctx, `SELECT t.tag, COUNT(*) FROM product_tags t JOIN products p ON p.id = t.product_id
		WHERE p.published = ? GROUP BY t.tag ORDER BY COUNT(*) DESC, t.tag`, []any{true}, func(rows *sql.Rows) error {
		var c Category
		err := rows.Scan(&c.Name, &c.Count)
		cats = append(cats, c)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list categories: %w", err)
	}
	return cats, nil
}

// FilterChoices are the sizes and colours a shopper can filter the
// storefront by: those of published products.
type FilterChoices struct {
	// Sizes come in the order products list them (S before XL).
	Sizes  []string `json:"sizes"`
	Colors []string `json:"colors"`
}

// ProductFilterChoices returns the sizes and colours of published products.
func (db *DB) ProductFilterChoices(ctx context.Context) (FilterChoices, error) {
	c := FilterChoices{Sizes: []string{}, Colors: []string{}}
	collect := func(list *[]string) func(rows *sql.Rows) error {
		return func(rows *sql.Rows) error {
			var v string
			err := rows.Scan(&v)
			*list = append(*list, v)
			return err
		}
	}
	err := db.each(ctx, `SELECT s.size FROM sizes s JOIN variants v ON v.id = s.variant_id
		JOIN products p ON p.id = v.product_id WHERE p.published = ?
		GROUP BY s.size ORDER BY MIN(s.position), s.size`, []any{true}, collect(&c.Sizes))
	if err != nil {
		return c, fmt.Errorf("list sizes: %w", err)
	}
	err = db.each(ctx, `SELECT DISTINCT LOWER(v.variant_name) FROM variants v
		JOIN products p ON p.id = v.product_id WHERE p.published = ? ORDER BY LOWER(v.variant_name)`, []any{true}, collect(&c.Colors))
	if err != nil {
		return c, fmt.Errorf("list colours: %w", err)
	}
	return c, nil
}

// productColumns are read by scanProduct, in this order. The stock total is
// summed here so a list needs no query per product.
const productColumns = `p.id, p.name, p.description, p.price_paise, p.mrp_paise, p.size_chart, p.rating_total,
	p.num_reviews, p.total_sold, p.published, p.created_at, p.hsn,
	COALESCE((SELECT SUM(s.stock) FROM sizes s JOIN variants v ON v.id = s.variant_id
		WHERE v.product_id = p.id), 0)`

// listOrder is the ORDER BY of a list, and the same reversed.
type listOrder struct{ forward, backward string }

var newestFirst = listOrder{` ORDER BY p.created_at DESC, p.id DESC`, ` ORDER BY p.created_at, p.id`}

func scanProduct(rows *sql.Rows) (shop.Product, error) {
	var p shop.Product
	var ratingTotal int
	var created int64
	var mrp sql.NullInt64
	err := rows.Scan(&p.ID, &p.Name, &p.Description, &p.Price, &mrp, &p.SizeChart, &ratingTotal,
		&p.NumReviews, &p.TotalSold, &p.Published, &created, &p.HSN, &p.TotalInStock)
	p.MRP = optionalPaise(mrp)
	p.Rating = shop.AverageRating(ratingTotal, p.NumReviews)
	p.CreatedAt = fromMillis(created)
	return p, err
}

// ListProducts returns one page of published products that f keeps: in
// f's order, newest first when it names none; with a keyword, the products
// matching every word of it, best first unless f names an order
// (search.go). A keyword of symbols only (%, quotes, brackets) has no
// words and is found as plain text in names, tags and descriptions.
func (db *DB) ListProducts(ctx context.Context, search shop.Search, f shop.ProductFilter, page int) (shop.SearchPage, error) {
	page = max(page, 1)
	k := shop.NormalizeKeyword(search.Keyword)
	if words := shop.QueryWords(k); len(words) > 0 {
		return db.search(ctx, words, search.Exact, f, page)
	}
	where := ` WHERE p.published = ?`
	args := []any{true}
	if k != "" {
		where += ` AND p.search_text LIKE ? ESCAPE '\'`
		args = append(args, "%"+escapeLike(k)+"%")
	}
	return db.filteredPage(ctx, where, where, args, f, page)
}

// TopProducts returns the best rated published products that have stock
// in some size: a carousel of what cannot be bought only disappoints.
func (db *DB) TopProducts(ctx context.Context) ([]shop.Product, error) {
	// A product sold out in every size is left out: the carousel offers
	// what can be bought.
	return db.products(ctx, `SELECT `+productColumns+` FROM products p WHERE p.published = ?
		AND EXISTS (SELECT 1 FROM sizes s JOIN variants v ON v.id = s.variant_id WHERE v.product_id = p.id AND s.stock > 0)`+
		orderBy[shop.SortRating].forward+` LIMIT ?`, true, shop.TopProductsCount)
}

// CategoryProducts returns one page of the published products tagged
// category, in the filter's order.
func (db *DB) CategoryProducts(ctx context.Context, category string, f shop.ProductFilter, page int) (shop.ProductPage, error) {
	args := []any{true, strings.ToLower(strings.TrimSpace(category))}
	// Counted through the tag's index (IN). A page of a small category is
	// read the same way; one of a large category is walked in the list's
	// order, each product looked up in its tags (EXISTS): it then reads a
	// few dozen products, where the tag's index would read them all first.
	tagged := ` WHERE p.published = ? AND p.id IN (SELECT t.product_id FROM product_tags t WHERE t.tag = ?)`
	walk := tagged
	n, err := db.countProducts(ctx, tagged, args, true)
	if err != nil {
		return shop.ProductPage{}, err
	}
	all, err := db.countProducts(ctx, ` WHERE p.published = ?`, args[:1], true)
	if err != nil {
		return shop.ProductPage{}, err
	}
	if n*largeCategory >= all {
		walk = ` WHERE p.published = ? AND EXISTS (SELECT 1 FROM product_tags t WHERE t.product_id = p.id AND t.tag = ?)`
	}
	p, err := db.filteredPage(ctx, tagged, walk, args, f, page)
	return p.ProductPage, err
}

// largeCategory: a category holding at least one product in this many is
// walked in the list's order; a page then reads this many products at
// most for each it shows, on average.
const largeCategory = 20

// orderBy is the ORDER BY of each sort. Ties go newest first, then by id,
// so that pages never share or skip a product. Each has an index that
// walks it in order (newest in migration 00001, the others in 00013);
// rating orders by the average as rating_total / num_reviews kept in
// integers on both databases, written exactly as its index is.
var orderBy = map[shop.ProductSort]listOrder{
	shop.SortNewest: newestFirst,
	shop.SortPriceAsc: {` ORDER BY p.price_paise, p.created_at DESC, p.id DESC`,
		` ORDER BY p.price_paise DESC, p.created_at, p.id`},
	shop.SortPriceDesc: {` ORDER BY p.price_paise DESC, p.created_at DESC, p.id DESC`,
		` ORDER BY p.price_paise, p.created_at, p.id`},
	shop.SortRating: {` ORDER BY (CASE WHEN p.num_reviews = 0 THEN 0 ELSE p.rating_total * 1000 / p.num_reviews END) DESC,
		p.num_reviews DESC, p.created_at DESC, p.id DESC`,
		` ORDER BY (CASE WHEN p.num_reviews = 0 THEN 0 ELSE p.rating_total * 1000 / p.num_reviews END),
		p.num_reviews, p.created_at, p.id`},
}

// filterWhere is the condition, starting with AND, and its arguments
// keeping the products (p) that f's price, size and colour keep.
func filterWhere(f shop.ProductFilter) (string, []any) {
	where := ``
	var args []any
	if f.MinPrice > 0 {
		where += ` AND p.price_paise >= ?`
		args = append(args, int64(f.MinPrice))
	}
	if f.MaxPrice > 0 {
		where += ` AND p.price_paise <= ?`
		args = append(args, int64(f.MaxPrice))
	}
	// A size must be in stock in the chosen colour, not merely in another.
	switch {
	case f.Size != "":
		where += ` AND EXISTS (SELECT 1 FROM variants v JOIN sizes s ON s.variant_id = v.id
			WHERE v.product_id = p.id AND s.size = ? AND s.stock > 0`
		args = append(args, f.Size)
		if f.Color != "" {
			where += ` AND LOWER(v.variant_name) = ?`
			args = append(args, f.Color)
		}
		where += `)`
	case f.Color != "":
		where += ` AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND LOWER(v.variant_name) = ?)`
		args = append(args, f.Color)
	}
	return where, args
}

// filteredPage is one page of the products that where picks and f keeps,
// in f's order (newest first when f names none), with their count. where
// starts with WHERE and names the products table p; walk picks the same
// products (with the same arguments) as the page is best read.
func (db *DB) filteredPage(ctx context.Context, where, walk string, args []any, f shop.ProductFilter, page int) (shop.SearchPage, error) {
	cond, condArgs := filterWhere(f)
	order, ok := orderBy[f.Sort]
	if !ok {
		order = newestFirst
	}
	p, total, err := db.productPage(ctx, where+cond, walk+cond, append(args, condArgs...), order, page, true)
	return shop.SearchPage{ProductPage: p, Total: total}, err
}

// productPage is one page of the products where (or walk, the same
// products picked another way) picks, in order; its count is remembered
// for the catalogue's version when rememberCount is set (storefront lists). The page is found by ids alone, which an index
// holds, before the columns of its twelve products are read: the offset
// then skips index entries, not whole rows with their stock sums.
func (db *DB) productPage(ctx context.Context, where, walk string, args []any, order listOrder, page int, rememberCount bool) (shop.ProductPage, int, error) {
	page = max(page, 1)
	total, err := db.countProducts(ctx, where, args, rememberCount)
	if err != nil {
		return shop.ProductPage{}, 0, err
	}
	offset, limit, backwards := pageWindow(page, shop.PageSize, total)
	by := order.forward
	if backwards {
		by = order.backward
	}
	products, err := db.products(ctx, `SELECT `+productColumns+` FROM products p WHERE p.id IN (SELECT p.id FROM products p`+
		walk+by+` LIMIT ? OFFSET ?)`+order.forward, append(args, limit, offset)...)
	if err != nil {
		return shop.ProductPage{}, 0, err
	}
	return shop.ProductPage{Products: products, Pages: shop.PageCount(total), Page: page}, total, nil
}

// Product returns one published product with its reviews, or
// shop.ErrProductNotFound.
func (db *DB) Product(ctx context.Context, id string) (shop.Product, error) {
	if !ValidID(id) {
		return shop.Product{}, shop.ErrProductNotFound
	}
	ps, err := db.products(ctx, `SELECT `+productColumns+` FROM products p WHERE p.id = ? AND p.published = ?`, id, true)
	if err != nil {
		return shop.Product{}, err
	}
	if len(ps) == 0 {
		return shop.Product{}, shop.ErrProductNotFound
	}
	return ps[0], nil
}

// products runs a product query and fills in tags, variants, images, sizes
// and reviews with one query each, whatever the number of products.
func (db *DB) products(ctx context.Context, query string, args ...any) ([]shop.Product, error) {
	rows, err := db.q().query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("query products: %w", err)
	}
	products := []shop.Product{}
	for rows.Next() {
		p, err := scanProduct(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("scan product: %w", err)
		}
		products = append(products, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read products: %w", err)
	}
	if len(products) == 0 {
		return products, nil
	}
	if err := db.fillProducts(ctx, products); err != nil {
		return nil, err
	}
	return products, nil
}

func (db *DB) fillProducts(ctx context.Context, products []shop.Product) error {
	ids := make([]any, len(products))
	byID := make(map[string]*shop.Product, len(products))
	for i := range products {
		p := &products[i]
		ids[i] = p.ID
		byID[p.ID] = p
		p.Tags, p.Reviews, p.Variants = []string{}, []shop.Review{}, []shop.Variant{}
	}
	in := "(" + placeholders(len(ids)) + ")"

	err := db.each(ctx, `SELECT product_id, tag FROM product_tags WHERE product_id IN `+in+` ORDER BY product_id, position`, ids,
		func(rows *sql.Rows) error {
			var pid, tag string
			if err := rows.Scan(&pid, &tag); err != nil {
				return err
			}
			byID[pid].Tags = append(byID[pid].Tags, tag)
			return nil
		})
	if err != nil {
		return fmt.Errorf("load tags: %w", err)
	}

	// The newest ReviewsShown of each product, numbered in one pass.
	err = db.each(ctx, `SELECT `+reviewColumns+` FROM (SELECT r.*, ROW_NUMBER() OVER (PARTITION BY r.product_id
		ORDER BY r.created_at DESC, r.id) AS n FROM reviews r WHERE r.product_id IN `+in+`) r
		WHERE r.n <= ? ORDER BY r.product_id, r.created_at DESC, r.id`, append(slices.Clip(ids), shop.ReviewsShown),
		func(rows *sql.Rows) error {
			r, pid, err := scanReview(rows)
			if err != nil {
				return err
			}
			byID[pid].Reviews = append(byID[pid].Reviews, r)
			return nil
		})
	if err != nil {
		return fmt.Errorf("load reviews: %w", err)
	}

	// Variants are kept by pointer until every image and size is attached,
	// then copied into their products in order.
	type variantRef struct {
		product string
		v       *shop.Variant
	}
	var variants []variantRef
	variantByID := map[string]*shop.Variant{}
	err = db.each(ctx, `SELECT id, product_id, variant_name, swatch FROM variants WHERE product_id IN `+in+` ORDER BY product_id, position`, ids,
		func(rows *sql.Rows) error {
			v := &shop.Variant{Images: []string{}, Sizes: []shop.Size{}}
			var pid string
			if err := rows.Scan(&v.ID, &pid, &v.VariantName, &v.Swatch); err != nil {
				return err
			}
			variants = append(variants, variantRef{pid, v})
			variantByID[v.ID] = v
			return nil
		})
	if err != nil {
		return fmt.Errorf("load variants: %w", err)
	}
	if len(variants) > 0 {
		err = db.each(ctx, `SELECT i.variant_id, i.path FROM variant_images i JOIN variants v ON v.id = i.variant_id
			WHERE v.product_id IN `+in+` ORDER BY i.variant_id, i.position`, ids,
			func(rows *sql.Rows) error {
				var vid, path string
				if err := rows.Scan(&vid, &path); err != nil {
					return err
				}
				variantByID[vid].Images = append(variantByID[vid].Images, path)
				return nil
			})
		if err != nil {
			return fmt.Errorf("load images: %w", err)
		}
		err = db.each(ctx, `SELECT s.id, s.variant_id, s.size, s.stock FROM sizes s JOIN variants v ON v.id = s.variant_id
			WHERE v.product_id IN `+in+` ORDER BY s.variant_id, s.position`, ids,
			func(rows *sql.Rows) error {
				var s shop.Size
				var vid string
				if err := rows.Scan(&s.ID, &vid, &s.Size, &s.Stock); err != nil {
					return err
				}
				variantByID[vid].Sizes = append(variantByID[vid].Sizes, s)
				return nil
			})
		if err != nil {
			return fmt.Errorf("load sizes: %w", err)
		}
	}
	for _, ref := range variants {
		p := byID[ref.product]
		p.Variants = append(p.Variants, *ref.v)
	}
	return nil
}

// escapeLike makes s match literally inside a LIKE pattern with ESCAPE '\'.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
