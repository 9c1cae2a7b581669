package shop

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestParseReportDays(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"", 30, true}, {"1", 1, true}, {"90", 90, true}, {"366", 366, true},
		{"0", 0, false}, {"367", 0, false}, {"-5", 0, false}, {"30.5", 0, false}, {"99999999999999999999", 0, false},
	} {
		got, err := ParseReportDays(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseReportDays(%q) = %d, %v; want %d, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestISTDay(t *testing.T) {
	// 00:30 IST on 9 March is still 8 March in UTC; both ends of the IST day count as its own.
	start := time.Date(2026, 3, 9, 0, 0, 0, 0, IST)
	for _, at := range []time.Time{start, start.Add(30 * time.Minute), start.Add(24*time.Hour - time.Millisecond)} {
		if got := DayStart(ISTDay(at)); !got.Equal(start) {
			t.Errorf("the IST day of %v starts %v, want %v", at, got, start)
		}
	}
	if ISTDay(start.Add(-time.Millisecond)) != ISTDay(start)-1 {
		t.Error("the millisecond before IST midnight is not the day before")
	}
}

func TestParseDateRange(t *testing.T) {
	from, to, err := ParseDateRange("2026-03-09", "2026-03-10")
	if err != nil || !from.Equal(time.Date(2026, 3, 9, 0, 0, 0, 0, IST)) || !to.Equal(time.Date(2026, 3, 11, 0, 0, 0, 0, IST)) {
		t.Errorf("range %v..%v, %v", from, to, err)
	}
	for _, bad := range [][2]string{{"2026-03-10", "2026-03-09"}, {"", "2026-03-09"}, {"9/3/2026", "2026-03-10"}} {
		if _, _, err := ParseDateRange(bad[0], bad[1]); err != ErrReportRange {
			t.Errorf("ParseDateRange(%q, %q): %v", bad[0], bad[1], err)
		}
	}
}

func TestRankProducts(t *testing.T) {
	all := []ProductSales{{ProductID: "a", Name: "A", Units: 5, Revenue: 100}, {ProductID: "b", Name: "B", Units: 1, Revenue: 900},
		{ProductID: "c", Name: "C", Units: 5, Revenue: 300}}
	top := RankProducts(all, 2)
	if len(top.ByUnits) != 2 || top.ByUnits[0].Name != "C" || top.ByUnits[1].Name != "A" {
		t.Errorf("by units %+v (a tie goes to revenue)", top.ByUnits)
	}
	if len(top.ByRevenue) != 2 || top.ByRevenue[0].Name != "B" || top.ByRevenue[1].Name != "C" {
		t.Errorf("by revenue %+v", top.ByRevenue)
	}
	if got := RankSoldOut(nil, 10); got == nil || len(got) != 0 {
		t.Errorf("no sold-out sizes: %v, want an empty list", got)
	}
}

func TestSpreadsheetSafe(t *testing.T) {
	for _, tc := range []struct{ in, safe string }{
		{"=HYPERLINK(1)", "'=HYPERLINK(1)"}, {"+91", "'+91"}, {"-5", "'-5"}, {"@x", "'@x"}, {"Tee", "Tee"}, {"", ""}, {"'quoted", "'quoted"},
	} {
		safe := SpreadsheetSafe(tc.in)
		if safe != tc.safe {
			t.Errorf("SpreadsheetSafe(%q) = %q, want %q", tc.in, safe, tc.safe)
		}
		if back := SpreadsheetValue(safe); back != tc.in {
			t.Errorf("%q read back as %q", tc.in, back)
		}
	}
}

func TestChanged(t *testing.T) {
	b, a := Changed(map[string]any{"price": Paise(100), "name": "Tee", "stock": map[string]int{"M": 1}},
		map[string]any{"price": Paise(200), "name": "Tee", "stock": map[string]int{"M": 1}, "tags": "men"})
	if len(b) != 1 || b["price"] != Paise(100) || len(a) != 2 || a["price"] != Paise(200) || a["tags"] != "men" {
		t.Errorf("before %v after %v", b, a)
	}
}

func TestParseProductCSV(t *testing.T) {
	const header = "name,description,price,tags,colour,size,stock,image\n"
	full := strings.Join(ProductCSVHeader, ",") + "\n"
	for _, tc := range []struct {
		name     string
		csv      string
		products int
		problems []string // "row column"
	}{
		{"one product of two colours", header + "Tee,Soft.,499,men,black,m,3,a.png\nTee,,,,black,L,0,\nTee,,,,white,M,1,https://x.example/b.png\n", 1, nil},
		{"a bad price and a bad stock", header + "Tee,,free,,black,M,1,a.png\nOther,,10,,red,M,-1,b.png\n", 0, []string{"2 price", "3 stock"}},
		{"a later row's price differs", header + "Tee,,499,,black,M,1,a.png\nTee,,599,,black,L,1,\n", 0, []string{"3 price"}},
		{"a size twice", header + "Tee,,499,,black,M,1,a.png\nTee,,,,Black,m,2,\n", 0, []string{"3 size"}},
		{"a colour without a picture", header + "Tee,,499,,black,M,1,\n", 0, []string{"2 "}},
		{"a row without a name", header + ",,499,,black,M,1,a.png\n", 0, []string{"2 name"}},
		{"no stock column", "name,description,price,tags,colour,size,image\nTee,,1,,b,M,a.png\n", 0, []string{"1 stock"}},
		{"blank rows are skipped", header + "\n,,,,,,,\nTee,,499,,black,M,1,a.png\n", 1, nil},
		{"a defused cell is read back", header + "'=Tee,,499,,black,M,1,a.png\n", 1, nil},
		{"every column, the shared ones on the first row only", full + "Tee,,499,,black,M,1,a.png,6205,799,#123456,Chest 40\nTee,,,,black,L,1,,,,,\n", 1, nil},
		{"a bad HSN, MRP and swatch", full + "Tee,,499,,black,M,1,a.png,62,0,blue,\n", 0, []string{"2 hsn", "2 mrp", "2 swatch"}},
		{"an MRP below the price", full + "Tee,,499,,black,M,1,a.png,,399,,\n", 0, []string{"2 "}},
		{"later rows differ in MRP, HSN and swatch", full + "Tee,,499,,black,M,1,a.png,6205,799,#123456,\nTee,,,,black,L,1,,6109,899,#654321,\n", 0,
			[]string{"3 hsn", "3 mrp", "3 swatch"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			products, problems := ParseProductCSV(strings.NewReader(tc.csv))
			if len(products) != tc.products {
				t.Errorf("%d products, want %d (problems %v)", len(products), tc.products, problems)
			}
			if len(problems) != len(tc.problems) {
				t.Fatalf("problems %+v, want %v", problems, tc.problems)
			}
			for i, p := range problems {
				if got := strings.TrimSpace(strings.Join([]string{strconv.Itoa(p.Row), p.Column}, " ")); got != strings.TrimSpace(tc.problems[i]) {
					t.Errorf("problem %d at %q (%s), want %q", i, got, p.Message, tc.problems[i])
				}
			}
		})
	}
	products, _ := ParseProductCSV(strings.NewReader(header + "Tee,Soft.,499,men,black,m,3,a.png | /uploads/c.png\nTee,,,,black,L,0,\n"))
	v := products[0].Change.Variants[0]
	if products[0].Change.Price != 49900 || v.Images[0] != "/uploads/a.png" || v.Images[1] != "/uploads/c.png" || v.Sizes[0].Size != "M" || len(v.Sizes) != 2 {
		t.Errorf("read %+v", products[0].Change)
	}
}

// What a file leaves out is kept of the product it updates: a column it
// lacks, or a colour's empty swatch; what it has, even empty, is its word.
func TestImportKeeps(t *testing.T) {
	mrp := Paise(99900)
	current := map[string]string{"black": "#111111", "white": "#eeeeee"}
	for _, tc := range []struct {
		name      string
		csv       string
		mrp       string // of the change onto the product: rupees or "none"
		sizeChart string
		swatches  string // black's and red's
	}{
		{"an older file keeps the MRP, size chart and swatches", "name,description,price,tags,colour,size,stock,image\n" +
			"Tee,,499,,black,M,1,a.png\nTee,,,,red,M,1,a.png\n", "999.00", "Chest 40", "#111111 #ff0000"},
		{"the file's own MRP, size chart and swatch", strings.Join(ProductCSVHeader, ",") + "\n" +
			"Tee,,499,,black,M,1,a.png,,599,#222222,Chest 42\nTee,,,,red,M,1,a.png,,,#333333,\n", "599.00", "Chest 42", "#222222 #333333"},
		{"empty cells clear the MRP and size chart and keep the swatch", strings.Join(ProductCSVHeader, ",") + "\n" +
			"Tee,,499,,black,M,1,a.png,,,,\nTee,,,,red,M,1,a.png,,,,\n", "none", "", "#111111 #ff0000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			products, problems := ParseProductCSV(strings.NewReader(tc.csv))
			if len(products) != 1 || len(problems) != 0 {
				t.Fatalf("products %+v, problems %+v", products, problems)
			}
			c := products[0].Onto(&mrp, "Chest 40", current)
			gotMRP := "none"
			if c.MRP != nil {
				gotMRP = c.MRP.Rupees()
			}
			if gotMRP != tc.mrp || c.SizeChart != tc.sizeChart || c.Variants[0].Swatch+" "+c.Variants[1].Swatch != tc.swatches {
				t.Errorf("MRP %s, size chart %q, swatches %s %s", gotMRP, c.SizeChart, c.Variants[0].Swatch, c.Variants[1].Swatch)
			}
		})
	}
}
