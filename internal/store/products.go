package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// InsertProduct stores p with its tags, variants, images, sizes and reviews
// in one transaction and returns its id. Ids already set on p are kept.
// Its reviews set its rating; their user is optional (demo reviews have none).
func (db *DB) InsertProduct(ctx context.Context, p shop.Product) (string, error) {
	if p.ID == "" {
		p.ID = NewID()
	}
	now := time.Now()
	if p.CreatedAt.IsZero() {
		p.CreatedAt = now
	}
	err := db.inTx(ctx, func(x q) error { return insertProduct(ctx, x, p, now) })
	if err := db.changed(err); err != nil {
		return "", err
	}
	return p.ID, nil
}

// insertProduct writes p, whose id is set, with its tags, variants,
// images, sizes and reviews, inside x.
func insertProduct(ctx context.Context, x q, p shop.Product, now time.Time) error {
	ratingTotal := 0
	for _, r := range p.Reviews {
		ratingTotal += r.Rating
	}
	_, err := x.exec(ctx, `INSERT INTO products (id, name, description, price_paise, mrp_paise, size_chart, rating_total,
		num_reviews, total_sold, published, search_text, created_at, updated_at, hsn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		p.ID, p.Name, p.Description, int64(p.Price), nullPaise(p.MRP), p.SizeChart, ratingTotal, len(p.Reviews), p.TotalSold, p.Published,
		shop.SearchText(p.Name, p.Description, p.Tags), millis(p.CreatedAt), millis(now), cmp.Or(p.HSN, shop.DefaultHSN))
	if err != nil {
		return fmt.Errorf("insert product: %w", err)
	}
	for i, tag := range p.Tags {
		if _, err := x.exec(ctx, `INSERT INTO product_tags (product_id, position, tag) VALUES (?, ?, ?)`, p.ID, i, tag); err != nil {
			return fmt.Errorf("insert tag %q: %w", tag, err)
		}
	}
	for i, v := range p.Variants {
		if v.ID == "" {
			v.ID = NewID()
		}
		if _, err := x.exec(ctx, `INSERT INTO variants (id, product_id, position, variant_name, swatch) VALUES (?, ?, ?, ?, ?)`,
			v.ID, p.ID, i, v.VariantName, cmp.Or(v.Swatch, shop.DefaultSwatch(v.VariantName))); err != nil {
			return fmt.Errorf("insert variant %q: %w", v.VariantName, err)
		}
		for j, img := range v.Images {
			if _, err := x.exec(ctx, `INSERT INTO variant_images (variant_id, position, path) VALUES (?, ?, ?)`,
				v.ID, j, img); err != nil {
				return fmt.Errorf("insert image: %w", err)
			}
		}
		for j, s := range v.Sizes {
			if s.ID == "" {
				s.ID = NewID()
			}
			if _, err := x.exec(ctx, `INSERT INTO sizes (id, variant_id, position, size, stock) VALUES (?, ?, ?, ?, ?)`,
				s.ID, v.ID, j, s.Size, s.Stock); err != nil {
				return fmt.Errorf("insert size %q: %w", s.Size, err)
			}
		}
	}
	for _, r := range p.Reviews {
		if r.ID == "" {
			r.ID = NewID()
		}
		if r.CreatedAt.IsZero() {
			r.CreatedAt = now
		}
		if _, err := x.exec(ctx, `INSERT INTO reviews (id, product_id, name, rating, comment, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
			r.ID, p.ID, r.Name, r.Rating, r.Comment, millis(r.CreatedAt)); err != nil {
			return fmt.Errorf("insert review: %w", err)
		}
	}
	return indexProduct(ctx, x, p.ID, p.Published, searchDocument(p.Name, p.Description, p.Tags, p.Variants))
}

// CountProducts returns the number of products, published or not.
func (db *DB) CountProducts(ctx context.Context) (int, error) {
	var n int
	err := db.q().queryRow(ctx, `SELECT COUNT(*) FROM products`).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count products: %w", err)
	}
	return n, nil
}

// ProductsUsingImage returns the names of the products, drafts included,
// that show the image at path, in name order.
func (db *DB) ProductsUsingImage(ctx context.Context, path string) ([]string, error) {
	var names []string
	err := db.each(ctx, `SELECT DISTINCT p.name FROM products p JOIN variants v ON v.product_id = p.id
		JOIN variant_images i ON i.variant_id = v.id WHERE i.path = ? ORDER BY p.name`, []any{path}, func(rows *sql.Rows) error {
		var name string
		if err := rows.Scan(&name); err != nil {
			return err
		}
		names = append(names, name)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find products using image: %w", err)
	}
	return names, nil
}

// CreateDraftProduct stores an empty, unpublished product for an admin to
// fill in, and returns it.
func (db *DB) CreateDraftProduct(ctx context.Context, now time.Time) (shop.Product, error) {
	id := NewID()
	err := db.inTx(ctx, func(x q) error {
		if _, err := x.exec(ctx, `INSERT INTO products (id, created_at, updated_at) VALUES (?, ?, ?)`,
			id, millis(now), millis(now)); err != nil {
			return fmt.Errorf("create product: %w", err)
		}
		return audit(ctx, x, shop.AuditProductCreated, "product", id, "", map[string]any{}, map[string]any{})
	})
	if err != nil {
		return shop.Product{}, err
	}
	return db.AnyProduct(ctx, id)
}

// AnyProduct returns a product whether published or a draft, for admins.
func (db *DB) AnyProduct(ctx context.Context, id string) (shop.Product, error) {
	if !ValidID(id) {
		return shop.Product{}, shop.ErrProductNotFound
	}
	ps, err := db.products(ctx, `SELECT `+productColumns+` FROM products p WHERE p.id = ?`, id)
	if err != nil {
		return shop.Product{}, err
	}
	if len(ps) == 0 {
		return shop.Product{}, shop.ErrProductNotFound
	}
	return ps[0], nil
}

// UpdateProduct replaces a product's fields, tags, variants, images and
// sizes in one transaction. Variants and sizes whose ids exist on this
// product are updated in place and keep their ids; the rest are new; those
// not sent are deleted. Ids that belong elsewhere are treated as new.
// version is the shop.StockVersion the edit form was loaded at: if the
// stock has moved since, the save is refused with shop.ErrStaleProduct.
func (db *DB) UpdateProduct(ctx context.Context, id, version string, c shop.ProductChange, now time.Time) (shop.Product, error) {
	if !ValidID(id) {
		return shop.Product{}, shop.ErrProductNotFound
	}
	err := db.inTx(ctx, func(x q) error {
		if err := db.checkStockVersion(ctx, x, id, version); err != nil {
			return err
		}
		_, before, err := productSnapshot(ctx, x, id)
		if err != nil {
			return err
		}
		if err := saveProduct(ctx, x, id, c, now); err != nil {
			return err
		}
		return auditProductChange(ctx, x, shop.AuditProductUpdated, id, before)
	})
	if err := db.changed(err); err != nil {
		return shop.Product{}, err
	}
	return db.AnyProduct(ctx, id)
}

// saveProduct replaces the fields, tags, variants, images and sizes of the
// product id with c's, inside x.
func saveProduct(ctx context.Context, x q, id string, c shop.ProductChange, now time.Time) error {
	res, err := x.exec(ctx, `UPDATE products SET name = ?, description = ?, price_paise = ?, mrp_paise = ?, size_chart = ?,
		published = ?, search_text = ?, updated_at = ?, hsn = COALESCE(NULLIF(?, ''), hsn) WHERE id = ?`,
		c.Name, c.Description, int64(c.Price), nullPaise(c.MRP), c.SizeChart, c.Publishable(),
		shop.SearchText(c.Name, c.Description, c.Tags), millis(now), c.HSN, id)
	if err != nil {
		return fmt.Errorf("update product: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return shop.ErrProductNotFound
	}
	if _, err := x.exec(ctx, `DELETE FROM product_tags WHERE product_id = ?`, id); err != nil {
		return fmt.Errorf("clear tags: %w", err)
	}
	for i, tag := range c.Tags {
		if _, err := x.exec(ctx, `INSERT INTO product_tags (product_id, position, tag) VALUES (?, ?, ?)`, id, i, tag); err != nil {
			return fmt.Errorf("insert tag: %w", err)
		}
	}
	if err := replaceVariants(ctx, x, id, c.Variants); err != nil {
		return err
	}
	return indexProduct(ctx, x, id, c.Publishable(), searchDocument(c.Name, c.Description, c.Tags, c.Variants))
}

// checkStockVersion refuses a save whose form saw other stock than the
// product has now. The sizes stay locked until the save commits, taken in
// the order orders take them (shop.InLockOrder), so no sale slips in between
// and the two cannot deadlock.
func (db *DB) checkStockVersion(ctx context.Context, x q, id, version string) error {
	var n int
	if err := x.queryRow(ctx, `SELECT COUNT(*) FROM products WHERE id = ?`, id).Scan(&n); err != nil {
		return fmt.Errorf("find product: %w", err)
	}
	if n == 0 {
		return shop.ErrProductNotFound
	}
	rows, err := x.query(ctx, `SELECT s.id, s.stock FROM sizes s JOIN variants v ON v.id = s.variant_id
		WHERE v.product_id = ? ORDER BY v.product_id, s.variant_id, s.id`+db.forUpdateOf("s"), id)
	if err != nil {
		return fmt.Errorf("lock sizes: %w", err)
	}
	defer rows.Close()
	stock := map[string]int{}
	for rows.Next() {
		var sizeID string
		var left int
		if err := rows.Scan(&sizeID, &left); err != nil {
			return fmt.Errorf("read size: %w", err)
		}
		stock[sizeID] = left
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read sizes: %w", err)
	}
	if shop.StockVersion(stock) != version {
		return shop.ErrStaleProduct
	}
	return nil
}

func replaceVariants(ctx context.Context, x q, productID string, variants []shop.Variant) error {
	oldVariants, err := idSet(ctx, x, `SELECT id FROM variants WHERE product_id = ?`, productID)
	if err != nil {
		return fmt.Errorf("read variants: %w", err)
	}
	oldSizes, err := idSet(ctx, x, `SELECT s.id FROM sizes s JOIN variants v ON v.id = s.variant_id WHERE v.product_id = ?`, productID)
	if err != nil {
		return fmt.Errorf("read sizes: %w", err)
	}
	keepVariants, keepSizes := map[string]bool{}, map[string]bool{}
	for _, v := range variants {
		if oldVariants[v.ID] {
			keepVariants[v.ID] = true
		}
		for _, s := range v.Sizes {
			if oldSizes[s.ID] {
				keepSizes[s.ID] = true
			}
		}
	}
	// Sizes go first: a kept size may move to another kept variant, and the
	// (variant, size code) pairs must never clash half way.
	for id := range oldSizes {
		if !keepSizes[id] {
			if _, err := x.exec(ctx, `DELETE FROM sizes WHERE id = ?`, id); err != nil {
				return fmt.Errorf("delete size: %w", err)
			}
		}
	}
	for id := range oldVariants {
		if !keepVariants[id] {
			if _, err := x.exec(ctx, `DELETE FROM variants WHERE id = ?`, id); err != nil {
				return fmt.Errorf("delete variant: %w", err)
			}
		}
	}
	// Kept sizes get a temporary code so that renaming S to M and M to S in
	// one edit does not trip the uniqueness of codes within a variant.
	for id := range keepSizes {
		if _, err := x.exec(ctx, `UPDATE sizes SET size = ? WHERE id = ?`, "~"+id, id); err != nil {
			return fmt.Errorf("free size code: %w", err)
		}
	}
	for i, v := range variants {
		if keepVariants[v.ID] {
			if _, err := x.exec(ctx, `UPDATE variants SET position = ?, variant_name = ?, swatch = ? WHERE id = ?`,
				i, v.VariantName, v.Swatch, v.ID); err != nil {
				return fmt.Errorf("update variant: %w", err)
			}
		} else {
			v.ID = NewID()
			if _, err := x.exec(ctx, `INSERT INTO variants (id, product_id, position, variant_name, swatch) VALUES (?, ?, ?, ?, ?)`,
				v.ID, productID, i, v.VariantName, v.Swatch); err != nil {
				return fmt.Errorf("insert variant: %w", err)
			}
		}
		if _, err := x.exec(ctx, `DELETE FROM variant_images WHERE variant_id = ?`, v.ID); err != nil {
			return fmt.Errorf("clear images: %w", err)
		}
		for j, img := range v.Images {
			if _, err := x.exec(ctx, `INSERT INTO variant_images (variant_id, position, path) VALUES (?, ?, ?)`, v.ID, j, img); err != nil {
				return fmt.Errorf("insert image: %w", err)
			}
		}
		for j, s := range v.Sizes {
			if keepSizes[s.ID] {
				_, err = x.exec(ctx, `UPDATE sizes SET variant_id = ?, position = ?, size = ?, stock = ? WHERE id = ?`,
					v.ID, j, s.Size, s.Stock, s.ID)
			} else {
				_, err = x.exec(ctx, `INSERT INTO sizes (id, variant_id, position, size, stock) VALUES (?, ?, ?, ?, ?)`,
					NewID(), v.ID, j, s.Size, s.Stock)
			}
			if err != nil {
				return fmt.Errorf("save size %s: %w", s.Size, err)
			}
		}
	}
	return nil
}

func idSet(ctx context.Context, x q, query string, args ...any) (map[string]bool, error) {
	rows, err := x.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	set := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		set[id] = true
	}
	return set, rows.Err()
}

// DeleteProduct removes a product with its variants, sizes and reviews.
// Orders keep their own copies of what was bought and are not touched.
func (db *DB) DeleteProduct(ctx context.Context, id string) error {
	if !ValidID(id) {
		return shop.ErrProductNotFound
	}
	return db.changed(db.inTx(ctx, func(x q) error {
		name, before, err := productSnapshot(ctx, x, id)
		if err != nil {
			return err
		}
		if _, err := x.exec(ctx, `DELETE FROM products WHERE id = ?`, id); err != nil {
			return fmt.Errorf("delete product: %w", err)
		}
		if err := audit(ctx, x, shop.AuditProductDeleted, "product", id, name, before, map[string]any{}); err != nil {
			return err
		}
		return searchChanged(x, id)
	}))
}

// AdminProducts returns a page of every product, drafts included, newest
// first, for the admin's product list; with a search, those whose name,
// tags or description contain it, or whose id it is.
func (db *DB) AdminProducts(ctx context.Context, search string, page int) (shop.ProductPage, error) {
	where := ``
	var args []any
	if k := shop.NormalizeKeyword(search); k != "" {
		where = ` WHERE p.search_text LIKE ? ESCAPE '\' OR p.id = ?`
		args = []any{"%" + escapeLike(k) + "%", strings.TrimSpace(search)}
	}
	p, _, err := db.productPage(ctx, where, where, args, newestFirst, page, false)
	return p, err
}

// optionalPaise reads a price that may be absent (an MRP), NULL for none.
func optionalPaise(n sql.NullInt64) *shop.Paise {
	if !n.Valid {
		return nil
	}
	return new(shop.Paise(n.Int64))
}

// nullPaise stores a price that may be absent (an MRP) as NULL.
func nullPaise(p *shop.Paise) any {
	if p == nil {
		return nil
	}
	return int64(*p)
}
