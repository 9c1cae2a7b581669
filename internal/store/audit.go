package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/haat-shop/haat/internal/shop"
)

type actorKey struct{}

// WithActor marks ctx as an admin's or manufacturer's request: the changes
// made with it are written to the audit log, in their own transaction.
func WithActor(ctx context.Context, a shop.Actor) context.Context {
	return context.WithValue(ctx, actorKey{}, a)
}

func actorOf(ctx context.Context) (shop.Actor, bool) {
	a, ok := ctx.Value(actorKey{}).(shop.Actor)
	return a, ok
}

// audit records a change made inside x by ctx's actor. A change without an
// actor (a customer's, the shop's own jobs, the demo seed) is not recorded.
func audit(ctx context.Context, x q, action, targetType, targetID, target string, before, after map[string]any) error {
	a, ok := actorOf(ctx)
	if !ok {
		return nil
	}
	b, err := json.Marshal(before)
	if err != nil {
		return fmt.Errorf("audit %s: %w", action, err)
	}
	af, err := json.Marshal(after)
	if err != nil {
		return fmt.Errorf("audit %s: %w", action, err)
	}
	now := time.Now()
	_, err = x.exec(ctx, `INSERT INTO audit_log (id, at, actor_id, actor_name, actor_role, address, action, target_type,
		target_id, target, before, after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		auditID(now), millis(now), a.ID, a.Name, string(a.Role), a.Address, action, targetType, targetID, target, string(b), string(af))
	if err != nil {
		return fmt.Errorf("audit %s: %w", action, err)
	}
	return nil
}

// auditID is an id that sorts in the order entries were written within a
// millisecond, which the log's order relies on: the time in nanoseconds,
// then random bytes, in NewID's shape.
func auditID(now time.Time) string {
	var b [12]byte
	binary.BigEndian.PutUint64(b[:8], uint64(now.UnixNano()))
	_, _ = rand.Read(b[8:])
	return hex.EncodeToString(b[:])
}

// auditChange records only what differs between before and after, and
// nothing when nothing does.
func auditChange(ctx context.Context, x q, action, targetType, targetID, target string, before, after map[string]any) error {
	b, a := shop.Changed(before, after)
	if len(b) == 0 && len(a) == 0 {
		return nil
	}
	return audit(ctx, x, action, targetType, targetID, target, b, a)
}

// productSnapshot is what the audit log compares of a product: its fields,
// each colour's swatch and pictures, and the stock of each colour and size,
// read inside x.
func productSnapshot(ctx context.Context, x q, id string) (string, map[string]any, error) {
	var name, description, sizeChart, hsn string
	var price int64
	var mrp sql.NullInt64
	var published bool
	err := x.queryRow(ctx, `SELECT name, description, price_paise, mrp_paise, size_chart, hsn, published FROM products WHERE id = ?`, id).
		Scan(&name, &description, &price, &mrp, &sizeChart, &hsn, &published)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil, shop.ErrProductNotFound
	}
	if err != nil {
		return "", nil, fmt.Errorf("read product for the audit log: %w", err)
	}
	var tags []string
	err = x.each(ctx, `SELECT tag FROM product_tags WHERE product_id = ? ORDER BY position`, []any{id}, func(rows *sql.Rows) error {
		var t string
		if err := rows.Scan(&t); err != nil {
			return err
		}
		tags = append(tags, t)
		return nil
	})
	if err != nil {
		return "", nil, fmt.Errorf("read tags for the audit log: %w", err)
	}
	colours, pictures := map[string]string{}, map[string]string{}
	err = x.each(ctx, `SELECT v.variant_name, v.swatch, COALESCE(i.path, '') FROM variants v
		LEFT JOIN variant_images i ON i.variant_id = v.id WHERE v.product_id = ? ORDER BY v.position, i.position`,
		[]any{id}, func(rows *sql.Rows) error {
			var colour, swatch, path string
			if err := rows.Scan(&colour, &swatch, &path); err != nil {
				return err
			}
			colours[colour] = swatch
			if path != "" {
				pictures[colour] = strings.TrimPrefix(pictures[colour]+" | "+path, " | ")
			}
			return nil
		})
	if err != nil {
		return "", nil, fmt.Errorf("read colours for the audit log: %w", err)
	}
	stock := map[string]int{}
	err = x.each(ctx, `SELECT v.variant_name, z.size, z.stock FROM sizes z JOIN variants v ON v.id = z.variant_id
		WHERE v.product_id = ?`, []any{id}, func(rows *sql.Rows) error {
		var colour, size string
		var n int
		if err := rows.Scan(&colour, &size, &n); err != nil {
			return err
		}
		stock[colour+" "+size] = n
		return nil
	})
	if err != nil {
		return "", nil, fmt.Errorf("read stock for the audit log: %w", err)
	}
	return name, map[string]any{"name": name, "description": description, "price": shop.Paise(price), "mrp": optionalPaise(mrp),
		"sizeChart": sizeChart, "hsn": hsn, "published": published, "tags": strings.Join(tags, ", "), "colours": colours,
		"pictures": pictures, "stock": stock}, nil
}

// auditProductChange records how the product id, inside x, differs from
// before, as action, or as a publication when it went on sale.
func auditProductChange(ctx context.Context, x q, action, id string, before map[string]any) error {
	name, after, err := productSnapshot(ctx, x, id)
	if err != nil {
		return err
	}
	if before["published"] == false && after["published"] == true {
		action = shop.AuditProductPublished
	}
	return auditChange(ctx, x, action, "product", id, name, before, after)
}

// userSnapshot is what the audit log compares of an account.
func userSnapshot(u shop.User) map[string]any {
	return map[string]any{"name": u.Name, "email": u.Email, "mobileNo": u.MobileNo, "role": u.Role}
}

// orderSnapshot is what the audit log compares of an order's state; an
// approved return changes its returnStatus alone.
func orderSnapshot(s shop.State) map[string]any {
	return map[string]any{"status": s.Status, "isPaid": s.IsPaid, "paidAt": s.PaidAt, "isDelivered": s.IsDelivered,
		"deliveredAt": s.DeliveredAt, "mfgDate": s.MfgDate, "courier": s.Shipment.Courier,
		"trackingNumber": s.Shipment.TrackingNumber, "returnStatus": s.ReturnStatus}
}

// Audit returns a page of the audit log, newest first, narrowed by f.
func (db *DB) Audit(ctx context.Context, f shop.AuditFilter, page int) (shop.AuditPage, error) {
	if page < 1 {
		page = 1
	}
	where, args := []string{"1 = 1"}, []any{}
	for _, c := range []struct {
		column, value string
	}{{"action", f.Action}, {"actor_id", f.ActorID}, {"target_id", f.TargetID}} {
		if c.value != "" {
			where = append(where, c.column+" = ?")
			args = append(args, c.value)
		}
	}
	if !f.From.IsZero() {
		where, args = append(where, "at >= ?"), append(args, millis(f.From))
	}
	if !f.To.IsZero() {
		where, args = append(where, "at < ?"), append(args, millis(f.To))
	}
	cond := " WHERE " + strings.Join(where, " AND ")
	var total int
	if err := db.q().queryRow(ctx, `SELECT COUNT(*) FROM audit_log`+cond, args...).Scan(&total); err != nil {
		return shop.AuditPage{}, fmt.Errorf("count audit entries: %w", err)
	}
	out := shop.AuditPage{Entries: []shop.AuditEntry{}, Page: page, Pages: (total + shop.AuditPageSize - 1) / shop.AuditPageSize}
	err := db.each(ctx, `SELECT id, at, actor_id, actor_name, actor_role, address, action, target_type, target_id, target,
		before, after FROM audit_log`+cond+` ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`,
		append(args, shop.AuditPageSize, (page-1)*shop.AuditPageSize), func(rows *sql.Rows) error {
			var e shop.AuditEntry
			var at int64
			var before, after string
			if err := rows.Scan(&e.ID, &at, &e.ActorID, &e.ActorName, &e.ActorRole, &e.Address, &e.Action, &e.TargetType,
				&e.TargetID, &e.Target, &before, &after); err != nil {
				return err
			}
			e.At, e.Before, e.After = fromMillis(at), json.RawMessage(before), json.RawMessage(after)
			out.Entries = append(out.Entries, e)
			return nil
		})
	if err != nil {
		return shop.AuditPage{}, fmt.Errorf("read audit entries: %w", err)
	}
	return out, nil
}
