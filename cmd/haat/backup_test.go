package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// checkout is a customer placing cash-on-delivery orders in a running shop.
type checkout struct {
	t     *testing.T
	base  string
	http  *http.Client
	sizes []saleSize

	mu sync.Mutex
	// placed are the ids of the orders the shop acknowledged (201).
	placed []string
}

type saleSize struct {
	productID, sizeID string
	price             shop.Paise
}

// newCheckout signs the demo customer in to the shop at base, whose data
// directory is db, and picks the sizes to sell: every size in stock.
func newCheckout(t *testing.T, base string, db *sql.DB) *checkout {
	jar, _ := cookiejar.New(nil)
	c := &checkout{t: t, base: base, http: &http.Client{Jar: jar}}
	if c.post("/api/users/auth", map[string]any{"loginId": "customer@example.com", "password": DemoPassword}, nil, http.StatusOK) != http.StatusOK {
		t.FailNow()
	}
	r, err := db.Query(`SELECT v.product_id, s.id, p.price_paise FROM sizes s JOIN variants v ON v.id = s.variant_id
		JOIN products p ON p.id = v.product_id WHERE p.published AND s.stock > 0`)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for r.Next() {
		var s saleSize
		if err := r.Scan(&s.productID, &s.sizeID, &s.price); err != nil {
			t.Fatal(err)
		}
		c.sizes = append(c.sizes, s)
	}
	if err := r.Err(); err != nil || len(c.sizes) == 0 {
		t.Fatalf("nothing in stock to sell (%v)", err)
	}
	return c
}

// post sends a JSON body and decodes the answer into out, if not nil, and
// returns the status; a status not among want is reported.
func (c *checkout) post(path string, body any, out any, want ...int) int {
	b, _ := json.Marshal(body)
	resp, err := c.http.Post(c.base+path, "application/json", bytes.NewReader(b))
	if err != nil {
		c.t.Error(err)
		return 0
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if !slices.Contains(want, resp.StatusCode) {
		c.t.Errorf("POST %s: status %d, want one of %v: %s", path, resp.StatusCode, want, raw)
	}
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Error(err)
		}
	}
	return resp.StatusCode
}

// order places one order of a unit or two of a random size; one that has
// sold out (409) places none.
func (c *checkout) order() {
	s := c.sizes[rand.IntN(len(c.sizes))]
	qty := 1 + rand.IntN(2)
	p := shop.PriceItems(s.price*shop.Paise(qty), shop.COD)
	var res struct {
		Data struct {
			ID string `json:"_id"`
		} `json:"data"`
	}
	if c.post("/api/orders", map[string]any{
		"orderItems": []map[string]any{{"_id": s.productID, "qty": qty, "variant": map[string]any{"size": map[string]any{"_id": s.sizeID}}}},
		"shippingAddress": map[string]any{"shippingName": "Backup Test", "shippingEmail": "customer@example.com",
			"shippingPhoneNumber": "9000000003", "address": "1 Backup Lane, Indiranagar", "city": "Bengaluru",
			"district": "Bengaluru Urban", "state": "Karnataka", "pinCode": "560038"},
		"paymentMethod": "COD", "itemsPrice": p.Items.Rupees(), "shippingPrice": p.Shipping.Rupees(),
		"secureTransactionFee": p.SecureFee.Rupees(), "discount": p.Discount.Rupees(), "preOrderFee": "0.00",
		"totalPrice": p.Total.Rupees(),
	}, &res, http.StatusCreated, http.StatusConflict) == http.StatusCreated {
		c.mu.Lock()
		c.placed = append(c.placed, res.Data.ID)
		c.mu.Unlock()
	}
}

// acknowledged is a copy of the ids of the orders placed so far.
func (c *checkout) acknowledged() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.placed...)
}

// readDB opens the SQLite database of a data directory for reading.
func readDB(t *testing.T, dataDir string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dataDir, store.DatabaseFile)+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// rows runs a query of two columns, a key and a number, into a map.
func rows(t *testing.T, db *sql.DB, query string) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	r, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	for r.Next() {
		var k string
		var n int64
		if err := r.Scan(&k, &n); err != nil {
			t.Fatal(err)
		}
		out[k] = n
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// A backup taken while customers check out restores to a shop whose books
// balance: every order it holds is whole, every order acknowledged before
// the backup began is in it, and for every size the stock left and the
// units in orders add up to the stock at the start.
func TestBackupDuringCheckoutsRestoresAConsistentShop(t *testing.T) {
	// One customer places every order, as in make bench.
	t.Setenv("HAAT_MAX_OPEN_COD_ORDERS", "0")
	t.Setenv("HAAT_MAX_UNITS_PER_SIZE", "0")
	ctx := context.Background()
	data := t.TempDir()
	shopServing := startServe(t, "--data", data, "--demo")
	live := readDB(t, data)
	startStock := rows(t, live, `SELECT id, stock FROM sizes`)
	c := newCheckout(t, "http://"+shopServing.addr, live)

	const customers, before, after = 6, 30, 30
	stop := make(chan struct{})
	var wg sync.WaitGroup
	// The customers stop however the test ends, before the shop does.
	stopLoad := sync.OnceFunc(func() {
		close(stop)
		wg.Wait()
	})
	defer stopLoad()
	for range customers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
					c.order()
				}
			}
		}()
	}
	waitFor := func(n int) {
		for ; len(c.acknowledged()) < n; time.Sleep(5 * time.Millisecond) {
			if t.Failed() { // an order was refused: the load stopped making progress
				t.Fatalf("%d orders placed, waiting for %d", len(c.acknowledged()), n)
			}
		}
	}
	waitFor(before)
	ackedBefore := c.acknowledged()
	archive := filepath.Join(t.TempDir(), "haat.tar.gz")
	var out bytes.Buffer
	err := run(ctx, []string{"backup", "--to", archive, "--data", data}, nil, &out, quietLog())
	ackedByEnd := len(c.acknowledged())
	waitFor(ackedByEnd + after) // the load goes on after the backup
	stopLoad()
	if err != nil {
		t.Fatalf("backup: %v", err)
	}
	t.Logf("%s(%d orders acknowledged when it began, %d when it ended, %d in all)", out.String(), len(ackedBefore), ackedByEnd, len(c.acknowledged()))

	restored := filepath.Join(t.TempDir(), "restored")
	out.Reset()
	if err := run(ctx, []string{"restore", "--from", archive, "--data", restored}, nil, &out, quietLog()); err != nil {
		t.Fatalf("restore: %v", err)
	}
	t.Log(out.String())
	for _, dir := range []string{restored, data} {
		err := run(ctx, []string{"restore", "--from", archive, "--data", dir}, nil, io.Discard, quietLog())
		if err == nil || !strings.Contains(err.Error(), "is not empty") {
			t.Errorf("restore into %s, which holds a shop: %v", dir, err)
		}
	}
	db := readDB(t, restored)

	// The orders in the copy: those acknowledged before it began, perhaps some
	// placed while it ran, none after.
	inCopy := rows(t, db, `SELECT id, 1 FROM orders`)
	for _, id := range ackedBefore {
		if inCopy[id] == 0 {
			t.Errorf("order %s, acknowledged before the backup began, is not in it", id)
		}
	}
	all := map[string]bool{}
	for _, id := range c.acknowledged() {
		all[id] = true
	}
	for id := range inCopy {
		if !all[id] {
			t.Errorf("order %s in the backup was never acknowledged", id)
		}
	}
	t.Logf("%d orders in the backup", len(inCopy))
	if len(inCopy) >= len(all) {
		t.Errorf("the backup holds %d orders of %d: it was not taken while orders were placed", len(inCopy), len(all))
	}

	// Every order is whole: its lines are there and add up to its items price.
	whole := rows(t, db, `SELECT o.id, CASE WHEN COUNT(i.id) > 0 AND SUM(i.qty * i.price_paise) = o.items_paise THEN 1 ELSE 0 END
		FROM orders o LEFT JOIN order_items i ON i.order_id = o.id GROUP BY o.id, o.items_paise`)
	for id, ok := range whole {
		if ok != 1 {
			t.Errorf("order %s has lines missing or not adding up to its price", id)
		}
	}

	// For every size: stock left + units in the orders = stock at the start.
	left := rows(t, db, `SELECT id, stock FROM sizes`)
	sold := rows(t, db, `SELECT i.size_id, SUM(i.qty) FROM order_items i JOIN orders o ON o.id = i.order_id
		WHERE o.status = 'placed' GROUP BY i.size_id`)
	var units int64
	for id, start := range startStock {
		units += sold[id]
		if left[id]+sold[id] != start {
			t.Errorf("size %s: %d left + %d in orders, but %d at the start", id, left[id], sold[id], start)
		}
	}
	if len(left) != len(startStock) || units == 0 {
		t.Errorf("%d sizes restored of %d, %d units sold in them", len(left), len(startStock), units)
	}

	// The pictures came along, as they were.
	for path := range rows(t, db, `SELECT path, 1 FROM variant_images`) {
		rel := strings.TrimPrefix(path, "/")
		want, err := os.ReadFile(filepath.Join(data, rel))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(filepath.Join(restored, rel)); err != nil || !bytes.Equal(got, want) {
			t.Errorf("picture %s: restored %d bytes (%v), want the %d of the shop", path, len(got), err, len(want))
		}
	}
}

// haat backup on PostgreSQL leaves nothing out: it dumps the database with
// pg_dump, checks that the dump holds every table of the shop's schema, and
// packs the pictures beside it; haat restore brings every table's rows
// back into an empty database, and the pictures into an empty data
// directory. A second restore into the same database fails whole.
func TestPostgresBackupLeavesNothingOut(t *testing.T) {
	dbURL := storetest.PostgresURL(t)
	for _, tool := range []string{"pg_dump", "pg_restore"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	ctx := t.Context()
	data := t.TempDir()
	db, err := store.Open(ctx, dbURL, data)
	if err != nil {
		t.Fatal(err)
	}
	storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: "Dumped Tee", Price: 49900,
		Variants: []shop.Variant{{VariantName: "rust", Images: []string{"/uploads/tee.png"}, Sizes: []shop.Size{{Size: "M", Stock: 3}}}}})
	addUser := []string{"user", "create", "--db", dbURL, "--name", "Dev Admin", "--email", "dev@example.in", "--mobile", "9123456789", "--role", "admin"}
	if err := run(ctx, addUser, strings.NewReader("a-long-password\n"), io.Discard, quietLog()); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if err := os.MkdirAll(filepath.Join(data, "uploads"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "uploads", "tee.png"), []byte("a picture"), 0o644); err != nil {
		t.Fatal(err)
	}

	source, err := sql.Open("pgx", dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer source.Close()
	var schema string
	if err := source.QueryRow(`SELECT current_schema()`).Scan(&schema); err != nil {
		t.Fatal(err)
	}
	tables := tableRows(t, source, schema)

	archive := filepath.Join(t.TempDir(), "haat.tar.gz")
	var out bytes.Buffer
	if err := run(ctx, []string{"backup", "--to", archive, "--db", dbURL, "--data", data}, nil, &out, quietLog()); err != nil {
		t.Fatalf("backup: %v", err)
	}
	if want := fmt.Sprintf("checked to hold all %d tables of schema %s) and 1 pictures", len(tables), schema); !strings.Contains(out.String(), want) {
		t.Errorf("backup said %q, want %q", out.String(), want)
	}

	// Restored into an empty database, every table has its rows again.
	restoredName := "haat_restore_" + store.NewID()
	if _, err := source.Exec(`CREATE DATABASE ` + restoredName); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = source.Exec(`DROP DATABASE ` + restoredName + ` WITH (FORCE)`) })
	target, _ := url.Parse(dbURL)
	target.Path, target.RawQuery = "/"+restoredName, "sslmode=disable"
	restoredData := filepath.Join(t.TempDir(), "restored")
	restore := []string{"restore", "--from", archive, "--db", target.String(), "--data", restoredData}
	out.Reset()
	if err := run(ctx, restore, nil, &out, quietLog()); err != nil {
		t.Fatalf("restore: %v", err)
	}
	t.Log(out.String())
	restored, err := sql.Open("pgx", target.String())
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	if got := tableRows(t, restored, schema); !maps.Equal(got, tables) {
		t.Errorf("rows per table restored %v, want %v", got, tables)
	}
	if tables["products"] == 0 || tables["users"] == 0 {
		t.Errorf("the seeded shop has rows %v", tables)
	}
	if b, err := os.ReadFile(filepath.Join(restoredData, "uploads", "tee.png")); err != nil || string(b) != "a picture" {
		t.Errorf("restored picture %q: %v", b, err)
	}
	if left, _ := os.ReadDir(restoredData); len(left) != 1 {
		t.Errorf("the restored data directory holds %v, want uploads alone", left)
	}

	// Into a database that holds the shop already, nothing is restored.
	again := []string{"restore", "--from", archive, "--db", target.String(), "--data", filepath.Join(t.TempDir(), "again")}
	if err := run(ctx, again, nil, io.Discard, quietLog()); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("a restore over the shop: %v", err)
	}
	if got := tableRows(t, restored, schema); !maps.Equal(got, tables) {
		t.Errorf("after a refused restore, rows per table %v, want %v", got, tables)
	}
	// A SQLite data directory is no place for it.
	if err := run(ctx, []string{"restore", "--from", archive, "--data", filepath.Join(t.TempDir(), "sqlite")}, nil, io.Discard, quietLog()); err == nil ||
		!strings.Contains(err.Error(), "PostgreSQL shop's backup") {
		t.Errorf("a PostgreSQL shop's backup restored as SQLite's: %v", err)
	}
}

// tableRows counts the rows of every table in schema.
func tableRows(t *testing.T, db *sql.DB, schema string) map[string]int64 {
	t.Helper()
	names := rows(t, db, `SELECT table_name, 0 FROM information_schema.tables WHERE table_schema = '`+schema+`' AND table_type = 'BASE TABLE'`)
	for name := range names {
		var n int64
		if err := db.QueryRow(`SELECT COUNT(*) FROM ` + schema + `.` + name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		names[name] = n
	}
	return names
}

// PostgreSQL's tools are given the database without its password, which
// the process list would show and which goes in their environment, without
// the parameters only haat's driver reads, and with the schema of its
// search_path.
func TestPgTarget(t *testing.T) {
	conn, schema, password := pgTarget("postgres://haat:s3cret@db.internal:5432/shop?sslmode=require&search_path=live,public&pool_max_conns=30")
	if conn != "postgres://haat@db.internal:5432/shop?sslmode=require" || schema != "live" || password != "s3cret" {
		t.Errorf("target %q, schema %q, password %q", conn, schema, password)
	}
	if conn, schema, password := pgTarget("postgres://haat@localhost/shop"); conn != "postgres://haat@localhost/shop" || schema != "" || password != "" {
		t.Errorf("target %q, schema %q, password %q", conn, schema, password)
	}
}

// Without PostgreSQL's client tools, haat backup on PostgreSQL says which
// is missing and how to install it, and writes nothing.
func TestPostgresBackupNeedsPgDump(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	archive := filepath.Join(t.TempDir(), "haat.tar.gz")
	err := run(t.Context(), []string{"backup", "--to", archive, "--db", "postgres://haat@127.0.0.1:1/haat", "--data", t.TempDir()}, nil, io.Discard, quietLog())
	if err == nil || !strings.Contains(err.Error(), "pg_dump is not installed") || !strings.Contains(err.Error(), "apt install postgresql-client") {
		t.Errorf("backup without pg_dump: %v", err)
	}
	if _, err := os.Stat(archive); err == nil {
		t.Error("a backup was written")
	}
}
