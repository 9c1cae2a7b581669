package backup

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// shopDir is a data directory with a database holding one product and a
// picture in uploads/.
func shopDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	db, err := store.Open(t.Context(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: "Backed-up Tee", Price: 49900,
		Variants: []shop.Variant{{VariantName: "indigo", Images: []string{"/uploads/tee.png"}, Sizes: []shop.Size{{Size: "M", Stock: 3}}}}})
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "uploads", "demo"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"uploads/tee.png": "a picture", "uploads/demo/x.png": "another"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestTakeAndRestore(t *testing.T) {
	ctx := t.Context()
	dir := shopDir(t)
	file := filepath.Join(t.TempDir(), "b.tar.gz")
	sum, err := Take(ctx, SQLite(dir), filepath.Join(dir, "uploads"), file)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Pictures != 2 || sum.DatabaseBytes == 0 {
		t.Errorf("took %+v, want the database and 2 pictures", sum)
	}
	if info, err := os.Stat(file); err != nil || info.Mode().Perm()&0o077 != 0 {
		t.Errorf("the backup, which holds password hashes, is readable by others: %v %v", info.Mode(), err)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(file), ".haat-backup-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}

	into := filepath.Join(t.TempDir(), "new")
	if _, err := Restore(ctx, file, into, nil); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(into, "uploads", "demo", "x.png")); err != nil || string(b) != "another" {
		t.Errorf("restored picture: %q %v", b, err)
	}
	db, err := store.Open(ctx, "", into)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n, err := db.CountProducts(ctx); err != nil || n != 1 {
		t.Errorf("restored %d products (%v), want 1", n, err)
	}

	// Without an uploads folder the archive holds the database alone.
	if err := os.RemoveAll(filepath.Join(dir, "uploads")); err != nil {
		t.Fatal(err)
	}
	if sum, err := Take(ctx, SQLite(dir), filepath.Join(dir, "uploads"), file); err != nil || sum.Uploads || sum.Pictures != 0 {
		t.Errorf("without uploads: %+v %v", sum, err)
	}
}

func TestTakeNeedsADatabase(t *testing.T) {
	empty := t.TempDir()
	if _, err := Take(t.Context(), SQLite(empty), "", filepath.Join(t.TempDir(), "b.tar.gz")); err == nil || !strings.Contains(err.Error(), "no SQLite database") {
		t.Errorf("backup of a directory without a shop: %v", err)
	}
	if _, err := os.Stat(filepath.Join(empty, store.DatabaseFile)); err == nil {
		t.Error("the backup created a database")
	}
}

// entry is a file of a test archive.
type entry struct {
	name, body string
	kind       byte // a tar type flag; regular when zero
	link       string
}

// archive writes a gzipped tar of entries, in order, and returns its path.
func archive(t *testing.T, entries ...entry) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "a.tar.gz")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Mode: 0o644, Typeflag: e.kind, Linkname: e.link}
		if e.kind == 0 {
			h.Typeflag, h.Size = tar.TypeReg, int64(len(e.body))
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(e.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// A restore takes only what a backup holds, and leaves the directory as
// it found it when it refuses.
func TestRestoreRefusals(t *testing.T) {
	manifest := entry{name: manifestName, body: `{"format": 1}`}
	picture := entry{name: "uploads/a.png", body: "a picture"}
	pgManifest := entry{name: manifestName, body: `{"format": 1, "database": "postgresql"}`}
	pgDump := entry{name: "haat.pgdump", body: "a dump"}
	notes := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(notes, []byte("not an archive"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		archive string
		want    string
	}{
		{"not gzipped", notes, "not a haat backup"},
		{"empty", archive(t), "not a haat backup"},
		{"no manifest", archive(t, entry{name: store.DatabaseFile, body: "x"}), "not a haat backup"},
		{"another format", archive(t, entry{name: manifestName, body: `{"format": 2}`}), "format 2"},
		{"out of the directory", archive(t, manifest, entry{name: "uploads/../../evil"}), "not plainly inside"},
		{"absolute", archive(t, manifest, entry{name: "/etc/evil"}), "not plainly inside"},
		{"another name", archive(t, manifest, entry{name: "outbox/x.eml"}), "holds only"},
		{"a link", archive(t, manifest, entry{name: "uploads/l", kind: tar.TypeSymlink, link: "/etc/passwd"}), "holds only"},
		{"a file twice", archive(t, manifest, picture, picture), "exists"},
		{"no database", archive(t, manifest, picture), "no database"},
		{"a damaged database", archive(t, manifest, entry{name: store.DatabaseFile, body: "not a database"}, picture), "damaged"},
		{"a PostgreSQL shop's, without a database to restore it into", archive(t, pgManifest, pgDump, picture), "PostgreSQL shop's backup"},
		{"a kind of database unknown", archive(t, entry{name: manifestName, body: `{"format": 1, "database": "oracle"}`}), "does not know"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, dir := range []string{t.TempDir(), filepath.Join(t.TempDir(), "new")} {
				_, err := Restore(context.Background(), c.archive, dir, nil)
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Errorf("restore: %v, want it refused: %s", err, c.want)
				}
				if left, _ := os.ReadDir(dir); len(left) != 0 {
					t.Errorf("left behind: %v", left)
				}
			}
		})
	}
}

// A PostgreSQL shop's archive hands its dump to the loader, keeps the
// pictures and not the dump; a SQLite shop's is refused to it, and a
// loader's failure leaves nothing behind.
func TestRestorePostgresArchive(t *testing.T) {
	pg := archive(t, entry{name: manifestName, body: `{"format": 1, "database": "postgresql", "uploads": true}`},
		entry{name: "haat.pgdump", body: "a dump"}, entry{name: "uploads/a.png", body: "a picture"})
	dir := t.TempDir()
	var loaded string
	sum, err := Restore(t.Context(), pg, dir, func(_ context.Context, dump string) error {
		b, err := os.ReadFile(dump)
		loaded = string(b)
		return err
	})
	if err != nil || loaded != "a dump" || sum.Database != KindPostgres || sum.Pictures != 1 {
		t.Fatalf("restored %+v, loaded %q: %v", sum, loaded, err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 1 || left[0].Name() != "uploads" {
		t.Errorf("the data directory holds %v, want the pictures alone", left)
	}

	failed := filepath.Join(t.TempDir(), "new")
	_, err = Restore(t.Context(), pg, failed, func(context.Context, string) error { return errors.New("relation products already exists") })
	if err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("a failed load: %v", err)
	}
	if _, err := os.Stat(failed); err == nil {
		t.Error("a failed restore left its directory")
	}

	odd := archive(t, entry{name: manifestName, body: `{"format": 1, "database": "postgresql"}`}, entry{name: store.DatabaseFile, body: "x"})
	if _, err := Restore(t.Context(), odd, t.TempDir(), func(context.Context, string) error { return nil }); err == nil ||
		!strings.Contains(err.Error(), "holds only haat.pgdump") {
		t.Errorf("a PostgreSQL shop's backup holding a SQLite database: %v", err)
	}

	dir = shopDir(t)
	sqlite := filepath.Join(t.TempDir(), "b.tar.gz")
	if _, err := Take(t.Context(), SQLite(dir), "", sqlite); err != nil {
		t.Fatal(err)
	}
	_, err = Restore(t.Context(), sqlite, t.TempDir(), func(context.Context, string) error { return nil })
	if !errors.Is(err, ErrWrongDatabase) {
		t.Errorf("a SQLite shop's backup restored into PostgreSQL: %v", err)
	}
}

// MissingTables reads pg_restore's listing: a table without its TABLE DATA
// line, or with it in another schema, is missing; comments do not count.
func TestMissingTables(t *testing.T) {
	listing := `;
; Archive created at 2026-05-01 02:30:00 IST
;     dbname: haat
; 3345; 0 16390 TABLE DATA shop reviews haat
215; 1259 16390 TABLE shop products haat
3340; 0 16390 TABLE DATA shop products haat
3341; 0 16391 TABLE DATA shop goose_db_version haat
3342; 0 16392 TABLE DATA public orders haat
`
	got := MissingTables(listing, "shop", []string{"goose_db_version", "orders", "products", "reviews"})
	if strings.Join(got, " ") != "orders reviews" {
		t.Errorf("missing %v, want orders and reviews", got)
	}
}
