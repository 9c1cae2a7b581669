package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

type importReportJSON struct {
	Message  string `json:"message"`
	DryRun   bool   `json:"dryRun"`
	Applied  bool   `json:"applied"`
	Problems []struct {
		Row     int    `json:"row"`
		Column  string `json:"column"`
		Message string `json:"message"`
	} `json:"problems"`
	Products []struct {
		Row    int                        `json:"row"`
		Name   string                     `json:"name"`
		Action string                     `json:"action"`
		Before map[string]json.RawMessage `json:"before"`
		After  map[string]json.RawMessage `json:"after"`
	} `json:"products"`
}

// postCSV sends body as a CSV import and decodes the report.
func postCSV(t *testing.T, c *client, query, body string, wantStatus int) importReportJSON {
	t.Helper()
	req, err := http.NewRequest("POST", c.h.URL+"/api/products/import?"+query, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "text/csv")
	return sendImport(t, c, req, wantStatus)
}

func sendImport(t *testing.T, c *client, req *http.Request, wantStatus int) importReportJSON {
	t.Helper()
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != wantStatus {
		t.Fatalf("import: status %d, want %d: %s", resp.StatusCode, wantStatus, raw)
	}
	var r importReportJSON
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	return r
}

func exportCSV(t *testing.T, c *client) string {
	t.Helper()
	resp, err := c.http.Get(c.h.URL + "/api/products/export.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") {
		t.Fatalf("export: %d %s", resp.StatusCode, raw)
	}
	return string(raw)
}

// importHeader is the format's first columns, all an older export had.
const importHeader = "name,description,price,tags,colour,size,stock,image\n"

// exportHeader is the format's every column, as the export writes them.
const exportHeader = "name,description,price,tags,colour,size,stock,image,hsn,mrp,swatch,size chart\n"

// A catalogue import: a dry run names every bad row and changes nothing,
// applying a file with a bad row changes nothing, the fixed file applies
// whole, and the catalogue exports in the same format and reads back
// unchanged.
func TestProductImport(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		admin := h.signIn(t, shop.RoleAdmin, "admin@example.com", "9000000001")
		kurta := stockedProduct(t, db, "Kurta Tee", 50000, map[string]int{"M": 10})
		bad := importHeader +
			"Indigo Tee,Hand dyed.,699,\"men, indigo\",navy,M,5,indigo.png\n" +
			"Indigo Tee,,,,navy,L,-2,\n" +
			"Kurta Tee,,550,,olive,M,7,/uploads/demo/tee.png\n" +
			"Plain Tee,,free,,white,M,3,plain.png\n"
		count := func(t *testing.T) int {
			n, err := db.CountProducts(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		s := newStory(t)

		s.step("the dry run names each bad row and changes nothing", func(t *testing.T) {
			r := postCSV(t, admin, "dryRun=true", bad, 200)
			if !r.DryRun || r.Applied || len(r.Problems) != 2 {
				t.Fatalf("report %+v", r)
			}
			if p := r.Problems[0]; p.Row != 3 || p.Column != "stock" {
				t.Errorf("first problem %+v, want row 3's stock", p)
			}
			if p := r.Problems[1]; p.Row != 5 || p.Column != "price" {
				t.Errorf("second problem %+v, want row 5's price", p)
			}
			if len(r.Products) != 1 || r.Products[0].Name != "Kurta Tee" || r.Products[0].Action != "update" ||
				string(r.Products[0].Before["price"]) != "500" || string(r.Products[0].After["price"]) != "550" ||
				string(r.Products[0].After["stock"]) != `{"olive M":7}` {
				t.Errorf("what would change: %+v", r.Products)
			}
			if count(t) != 1 || stockOf(t, db, kurta.productID, kurta.sizes["M"]) != 10 {
				t.Error("the dry run changed the catalogue")
			}
		})
		s.step("applying a file with a bad row changes nothing", func(t *testing.T) {
			r := postCSV(t, admin, "dryRun=false", bad, 400)
			if r.Applied || len(r.Problems) != 2 || !strings.Contains(r.Message, "Nothing was imported") {
				t.Fatalf("report %+v", r)
			}
			if count(t) != 1 || stockOf(t, db, kurta.productID, kurta.sizes["M"]) != 10 {
				t.Error("a refused import changed the catalogue")
			}
		})
		s.step("the fixed file applies whole, as a form's file", func(t *testing.T) {
			fixed := strings.Replace(strings.Replace(bad, "L,-2", "L,2", 1), "free", "349", 1)
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			fw, _ := mw.CreateFormFile("file", "products.csv")
			_, _ = fw.Write([]byte(fixed))
			_ = mw.Close()
			req, _ := http.NewRequest("POST", h.URL+"/api/products/import?dryRun=false", &buf)
			req.Header.Set("Content-Type", mw.FormDataContentType())
			r := sendImport(t, admin, req, 200)
			if !r.Applied || len(r.Problems) != 0 || len(r.Products) != 3 || r.Products[0].Action != "create" {
				t.Fatalf("report %+v", r)
			}
			if count(t) != 3 {
				t.Errorf("%d products, want 3", count(t))
			}
			p, err := db.Product(t.Context(), kurta.productID)
			if err != nil {
				t.Fatal(err)
			}
			if p.Price != 55000 || p.Variants[0].Sizes[0].ID != kurta.sizes["M"] || p.Variants[0].Sizes[0].Stock != 7 {
				t.Errorf("Kurta Tee after the import: %+v (its size M must keep its id)", p)
			}
			var page auditPageJSON
			admin.do(t, "GET", "/api/audit?action="+shop.AuditProductImported, nil, 200, &page)
			if len(page.Entries) != 3 {
				t.Errorf("%d import entries in the audit log, want 3", len(page.Entries))
			}
		})
		s.step("the export reads back with nothing to change", func(t *testing.T) {
			exported := exportCSV(t, admin)
			if !strings.HasPrefix(exported, exportHeader) || !strings.Contains(exported, "Indigo Tee,Hand dyed.,699.00,\"men, indigo\",navy,L,2,/uploads/indigo.png,6109,,#000080,\n") {
				t.Fatalf("export:\n%s", exported)
			}
			r := postCSV(t, admin, "dryRun=false", exported, 200)
			for _, p := range r.Products {
				if p.Action != "unchanged" {
					t.Errorf("%s: %s %v → %v", p.Name, p.Action, p.Before, p.After)
				}
			}
			if len(r.Products) != 3 || len(r.Problems) != 0 {
				t.Errorf("report %+v", r)
			}
			if again := exportCSV(t, admin); again != exported {
				t.Errorf("export changed by its own import:\n%s\nthen\n%s", exported, again)
			}
		})
		s.step("the MRP, size chart, swatch and HSN come back from their own export", func(t *testing.T) {
			mrp := shop.Paise(79900)
			shirt := storetest.MustInsertProduct(t, db, shop.Product{Published: true, Name: "Linen Shirt", Price: 59900, MRP: &mrp,
				SizeChart: "Chest: 38, 40, 42\nLength: 28, 29, 30", HSN: "6205", Variants: []shop.Variant{{VariantName: "sky",
					Swatch: "#123456", Images: []string{"/uploads/linen.png"}, Sizes: []shop.Size{{Size: "M", Stock: 3}, {Size: "L", Stock: 2}}}}})
			entries := func(t *testing.T) int {
				var page auditPageJSON
				admin.do(t, "GET", "/api/audit?targetId="+shirt, nil, 200, &page)
				return len(page.Entries)
			}
			kept := func(t *testing.T, stockM int) {
				t.Helper()
				p, err := db.Product(t.Context(), shirt)
				if err != nil {
					t.Fatal(err)
				}
				if p.MRP == nil || *p.MRP != 79900 || p.SizeChart != "Chest: 38, 40, 42\nLength: 28, 29, 30" || p.HSN != "6205" ||
					p.Variants[0].Swatch != "#123456" || p.Variants[0].Sizes[0].Stock != stockM {
					t.Errorf("Linen Shirt after the import: MRP %v, size chart %q, HSN %q, swatch %q, sizes %+v",
						p.MRP, p.SizeChart, p.HSN, p.Variants[0].Swatch, p.Variants[0].Sizes)
				}
			}
			exported := exportCSV(t, admin)
			if !strings.Contains(exported, "Linen Shirt,,599.00,,sky,M,3,/uploads/linen.png,6205,799.00,#123456,\"Chest: 38, 40, 42\nLength: 28, 29, 30\"\n") {
				t.Fatalf("export:\n%s", exported)
			}
			r := postCSV(t, admin, "dryRun=false", exported, 200)
			for _, p := range r.Products {
				if p.Action != "unchanged" {
					t.Errorf("%s: %s %v → %v", p.Name, p.Action, p.Before, p.After)
				}
			}
			kept(t, 3)
			if n := entries(t); n != 0 {
				t.Errorf("%d audit entries for an import that changed nothing", n)
			}

			// A file in the older format, without the new columns, changes
			// the stock and keeps what it does not carry.
			older := importHeader + "Linen Shirt,,599,,sky,M,5,linen.png\nLinen Shirt,,,,sky,L,2,linen.png\n"
			if r := postCSV(t, admin, "dryRun=false", older, 200); len(r.Products) != 1 || r.Products[0].Action != "update" ||
				len(r.Products[0].After) != 1 || string(r.Products[0].After["stock"]) != `{"sky L":2,"sky M":5}` {
				t.Errorf("older file's report %+v", r)
			}
			kept(t, 5)

			// A changed MRP is a change, reported by the dry run and logged.
			repriced := strings.Replace(exportCSV(t, admin), "799.00", "899.00", 2)
			r = postCSV(t, admin, "dryRun=true", repriced, 200)
			var shirtReport []string
			for _, p := range r.Products {
				if p.Name == "Linen Shirt" {
					shirtReport = append(shirtReport, p.Action, string(p.Before["mrp"]), string(p.After["mrp"]))
				} else if p.Action != "unchanged" {
					t.Errorf("%s: %s", p.Name, p.Action)
				}
			}
			if strings.Join(shirtReport, " ") != "update 799 899" {
				t.Errorf("the dry run reports the MRP change as %q, want update 799 → 899", shirtReport)
			}
			postCSV(t, admin, "dryRun=false", repriced, 200)
			var page auditPageJSON
			admin.do(t, "GET", "/api/audit?action="+shop.AuditProductImported+"&targetId="+shirt, nil, 200, &page)
			if len(page.Entries) == 0 || string(page.Entries[0].Before["mrp"]) != "799" || string(page.Entries[0].After["mrp"]) != "899" {
				t.Errorf("the MRP change's audit entry: %+v", page.Entries)
			}
		})
		s.step("a file without the columns is refused row 1, and only admins import", func(t *testing.T) {
			r := postCSV(t, admin, "", "title,cost\nTee,1\n", 200)
			if len(r.Problems) == 0 || r.Problems[0].Row != 1 || !r.DryRun {
				t.Errorf("report %+v", r)
			}
			h.signIn(t, shop.RoleManufacturer, "maker@example.com", "9000000002").do(t, "GET", "/api/products/export.csv", nil, 403, nil)
		})
	})
}
