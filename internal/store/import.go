package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

// errDryRun rolls back a dry run's transaction once it has seen what the
// import would do.
var errDryRun = errors.New("dry run")

// ImportProducts creates or updates the products read from a catalogue
// import, matched to the catalogue by name, all in one transaction. A dry
// run makes the same changes and rolls them back, so what it reports is
// exactly what applying would do; so does an import with any problem,
// those found here added to the report's.
func (db *DB) ImportProducts(ctx context.Context, products []shop.ImportProduct, report shop.ImportReport, now time.Time) (shop.ImportReport, error) {
	apply := !report.DryRun && len(report.Problems) == 0
	var out shop.ImportReport
	err := db.inTx(ctx, func(x q) error {
		out = report
		out.Products = []shop.ImportResult{}
		for _, p := range products {
			res, problem, err := importProduct(ctx, x, p, now)
			if err != nil {
				return err
			}
			if problem != "" {
				out.Problems = append(out.Problems, shop.RowProblem{Row: p.Row, Column: "name", Message: problem})
				continue
			}
			out.Products = append(out.Products, res)
		}
		if !apply || len(out.Problems) > 0 {
			return errDryRun
		}
		return nil
	})
	switch {
	case errors.Is(err, errDryRun):
		if !report.DryRun {
			return out, shop.ErrImportProblems(out)
		}
		return out, nil
	case err != nil:
		return shop.ImportReport{}, fmt.Errorf("import products: %w", err)
	}
	out.Applied = true
	return out, db.changed(nil)
}

// importProduct writes one imported product inside x and says what changed,
// or why it cannot be matched.
func importProduct(ctx context.Context, x q, p shop.ImportProduct, now time.Time) (shop.ImportResult, string, error) {
	c := p.Change
	res := shop.ImportResult{Row: p.Row, Name: c.Name, Before: map[string]any{}}
	var ids []string
	err := x.each(ctx, `SELECT id FROM products WHERE LOWER(name) = ? ORDER BY created_at, id`, []any{strings.ToLower(c.Name)},
		func(rows *sql.Rows) error {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
			return nil
		})
	if err != nil {
		return res, "", fmt.Errorf("match %q: %w", c.Name, err)
	}
	switch len(ids) {
	case 0:
		id := NewID()
		err := insertProduct(ctx, x, shop.Product{ID: id, Name: c.Name, Description: c.Description, Price: c.Price, MRP: c.MRP,
			SizeChart: c.SizeChart, HSN: c.HSN, Tags: c.Tags, Variants: c.Variants, Published: c.Publishable(), CreatedAt: now}, now)
		if err != nil {
			return res, "", err
		}
		_, after, err := productSnapshot(ctx, x, id)
		if err != nil {
			return res, "", err
		}
		res.Action, res.After = shop.ImportCreate, after
		return res, "", audit(ctx, x, shop.AuditProductImported, "product", id, c.Name, map[string]any{}, after)
	case 1:
	default:
		return res, fmt.Sprintf("%d products are named %q: rename all but one before importing it", len(ids), c.Name), nil
	}
	id := ids[0]
	_, before, err := productSnapshot(ctx, x, id)
	if err != nil {
		return res, "", err
	}
	c, err = onto(ctx, x, id, p)
	if err != nil {
		return res, "", err
	}
	if err := c.Validate(); err != nil {
		return res, c.Name + ": " + err.Error(), nil
	}
	if err := saveProduct(ctx, x, id, c, now); err != nil {
		return res, "", err
	}
	_, after, err := productSnapshot(ctx, x, id)
	if err != nil {
		return res, "", err
	}
	res.Before, res.After = shop.Changed(before, after)
	res.Action = shop.ImportUpdate
	if len(res.After) == 0 && len(res.Before) == 0 {
		res.Action = shop.ImportUnchanged
	}
	return res, "", auditProductChange(ctx, x, shop.AuditProductImported, id, before)
}

// onto is the change the import p makes to the product id, read inside x:
// what the file leaves out is kept as the product has it (shop.ImportKeep),
// and the imported colours and sizes take the ids of the product's colours
// and sizes of the same names, so carts that hold them stay valid.
func onto(ctx context.Context, x q, productID string, p shop.ImportProduct) (shop.ProductChange, error) {
	var mrp sql.NullInt64
	var sizeChart string
	if err := x.queryRow(ctx, `SELECT mrp_paise, size_chart FROM products WHERE id = ?`, productID).Scan(&mrp, &sizeChart); err != nil {
		return shop.ProductChange{}, fmt.Errorf("read product: %w", err)
	}
	type key struct{ colour, size string }
	ids := map[key]string{}
	swatches := map[string]string{}
	err := x.each(ctx, `SELECT v.id, v.variant_name, v.swatch, COALESCE(z.id, ''), COALESCE(z.size, '') FROM variants v
		LEFT JOIN sizes z ON z.variant_id = v.id WHERE v.product_id = ?`, []any{productID}, func(rows *sql.Rows) error {
		var vid, colour, swatch, sid, size string
		if err := rows.Scan(&vid, &colour, &swatch, &sid, &size); err != nil {
			return err
		}
		colour = strings.ToLower(colour)
		ids[key{colour, ""}], swatches[colour] = vid, swatch
		if sid != "" {
			ids[key{colour, size}] = sid
		}
		return nil
	})
	if err != nil {
		return shop.ProductChange{}, fmt.Errorf("read colours and sizes: %w", err)
	}
	c := p.Onto(optionalPaise(mrp), sizeChart, swatches)
	for i := range c.Variants {
		v := &c.Variants[i]
		colour := strings.ToLower(v.VariantName)
		v.ID = ids[key{colour, ""}]
		sizes := make([]shop.Size, len(v.Sizes))
		for j, s := range v.Sizes {
			s.ID = ids[key{colour, s.Size}]
			sizes[j] = s
		}
		v.Sizes = sizes
	}
	return c, nil
}

// CatalogueForExport returns every product, drafts included, oldest first,
// with its colours and sizes.
func (db *DB) CatalogueForExport(ctx context.Context) ([]shop.Product, error) {
	return db.products(ctx, `SELECT `+productColumns+` FROM products p ORDER BY p.created_at, p.id`)
}
