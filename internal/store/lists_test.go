package store_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/haat-shop/haat/internal/shop"
	"github.com/haat-shop/haat/internal/store"
	"github.com/haat-shop/haat/internal/store/storetest"
)

// filterCatalogue stores the products the filter tests choose from, each
// named for what sets it apart. Age orders them: higher is newer.
func filterCatalogue(t *testing.T, db *store.DB) {
	t.Helper()
	product := func(name string, age int, rupees shop.Paise, ratings []int, variants ...shop.Variant) {
		p := tee(name, age, []string{"men"})
		p.Price = rupees * 100
		p.Variants = variants
		for _, r := range ratings {
			p.Reviews = append(p.Reviews, shop.Review{Name: "Ravi K", Rating: r, Comment: "ok", CreatedAt: epoch})
		}
		storetest.MustInsertProduct(t, db, p)
	}
	variant := func(colour string, sizes ...shop.Size) shop.Variant {
		return shop.Variant{VariantName: colour, Images: []string{"/uploads/a.png"}, Sizes: sizes}
	}
	size := func(code string, stock int) shop.Size { return shop.Size{Size: code, Stock: stock} }

	product("Cheap black M", 1, 299, []int{3}, variant("Black", size("M", 4), size("L", 0)))
	product("Mid navy L", 2, 599, []int{5, 4}, variant("navy", size("M", 0), size("L", 2)))
	product("Dear white XL", 3, 1299, nil, variant("white", size("XL", 1)))
	// M is in stock, but in white only: a black M is sold out.
	product("Two colours", 4, 599, []int{5}, variant("black", size("M", 0)), variant("White", size("M", 3)))
	product("Sold out M", 5, 450, []int{4}, variant("black", size("M", 0)))
}

func TestListProductsSortsAndFilters(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		filterCatalogue(t, db)
		draft := tee("Draft cheap", 9, []string{"men"}, 5)
		draft.Price, draft.Published = 100, false
		storetest.MustInsertProduct(t, db, draft)

		for _, c := range []struct {
			name string
			f    shop.ProductFilter
			want []string
		}{
			{"newest", shop.ProductFilter{Sort: shop.SortNewest},
				[]string{"Sold out M", "Two colours", "Dear white XL", "Mid navy L", "Cheap black M"}},
			{"no sort is newest", shop.ProductFilter{},
				[]string{"Sold out M", "Two colours", "Dear white XL", "Mid navy L", "Cheap black M"}},
			// Equal prices go newest first.
			{"price low to high", shop.ProductFilter{Sort: shop.SortPriceAsc},
				[]string{"Cheap black M", "Sold out M", "Two colours", "Mid navy L", "Dear white XL"}},
			{"price high to low", shop.ProductFilter{Sort: shop.SortPriceDesc},
				[]string{"Dear white XL", "Two colours", "Mid navy L", "Sold out M", "Cheap black M"}},
			// By average; 5 from one review beats 4.5, unrated comes last.
			{"top rated", shop.ProductFilter{Sort: shop.SortRating},
				[]string{"Two colours", "Mid navy L", "Sold out M", "Cheap black M", "Dear white XL"}},
			{"size in stock", shop.ProductFilter{Size: "M"}, []string{"Two colours", "Cheap black M"}},
			{"size in stock, cheapest first", shop.ProductFilter{Size: "M", Sort: shop.SortPriceAsc},
				[]string{"Cheap black M", "Two colours"}},
			{"a size nobody has", shop.ProductFilter{Size: "XXXL"}, []string{}},
			{"colour in any case", shop.ProductFilter{Color: "white"}, []string{"Two colours", "Dear white XL"}},
			{"size in stock in that colour", shop.ProductFilter{Size: "M", Color: "black"}, []string{"Cheap black M"}},
			{"size in stock in the other colour", shop.ProductFilter{Size: "M", Color: "white"}, []string{"Two colours"}},
			{"from a price", shop.ProductFilter{MinPrice: 59900}, []string{"Two colours", "Dear white XL", "Mid navy L"}},
			{"up to a price", shop.ProductFilter{MaxPrice: 59900}, []string{"Sold out M", "Two colours", "Mid navy L", "Cheap black M"}},
			{"between prices", shop.ProductFilter{MinPrice: 45000, MaxPrice: 59899}, []string{"Sold out M"}},
			{"everything at once", shop.ProductFilter{Sort: shop.SortPriceDesc, Size: "L", Color: "NAVY", MinPrice: 100, MaxPrice: 100000},
				[]string{}},
			{"everything at once, matching", shop.ProductFilter{Sort: shop.SortPriceDesc, Size: "L", Color: "navy", MinPrice: 100, MaxPrice: 100000},
				[]string{"Mid navy L"}},
		} {
			t.Run(c.name, func(t *testing.T) {
				got, err := db.ListProducts(ctx, shop.Search{}, c.f, 1)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(names(got.Products), c.want) || got.Pages != 1 {
					t.Errorf("got %q in %d pages, want %q in 1", names(got.Products), got.Pages, c.want)
				}
			})
		}
	})
}

// The filter works beside a keyword and a category, and counts its pages.
func TestFiltersComposeAndPage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		for i := 1; i <= 30; i++ {
			tags := []string{"graphic"}
			if i%2 == 0 {
				tags = append(tags, "polo")
			}
			p := tee(fmt.Sprintf("Tee %02d", i), i, tags, 1)
			p.Price = shop.Paise(i) * 10000
			storetest.MustInsertProduct(t, db, p)
		}
		f := shop.ProductFilter{Sort: shop.SortPriceAsc, MinPrice: 50000}
		var seen []string
		for page := 1; page <= 3; page++ {
			got, err := db.ListProducts(ctx, shop.Search{Keyword: "tee"}, f, page)
			if err != nil {
				t.Fatal(err)
			}
			if got.Pages != 3 || got.Page != page {
				t.Fatalf("page %d: page %d of %d, want of 3 (26 products from Rs 500)", page, got.Page, got.Pages)
			}
			seen = append(seen, names(got.Products)...)
		}
		want := []string{}
		for i := 5; i <= 30; i++ {
			want = append(want, fmt.Sprintf("Tee %02d", i))
		}
		if !slices.Equal(seen, want) {
			t.Errorf("pages 1-3 = %q, want %q", seen, want)
		}

		polos, err := db.CategoryProducts(ctx, "polo", shop.ProductFilter{Sort: shop.SortPriceDesc, MaxPrice: 200000}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"Tee 20", "Tee 18", "Tee 16", "Tee 14", "Tee 12", "Tee 10", "Tee 08", "Tee 06", "Tee 04", "Tee 02"}; !slices.Equal(names(polos.Products), want) || polos.Pages != 1 {
			t.Errorf("polos up to Rs 2000 = %q in %d pages, want %q", names(polos.Products), polos.Pages, want)
		}
		second, err := db.CategoryProducts(ctx, "graphic", shop.ProductFilter{}, 2)
		if err != nil {
			t.Fatal(err)
		}
		if second.Pages != 3 || len(second.Products) != 12 || second.Products[0].Name != "Tee 18" {
			t.Errorf("graphic page 2 = %q of %d pages, want 12 from Tee 18 of 3", names(second.Products), second.Pages)
		}
	})
}

// A category is read the same way whatever its size: a large one (a page
// walked in the list's order) and a small one (found through the tag's
// index) give every product once, newest first, front pages and back.
func TestCategoryPagesLargeAndSmall(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		want := map[string][]string{}
		for i := 1; i <= 60; i++ {
			tags := []string{"men"}
			if i%2 == 0 {
				tags = append(tags, "graphic")
			}
			if i%30 == 0 {
				tags = append(tags, "limited")
			}
			name := fmt.Sprintf("Tee %02d", i)
			storetest.MustInsertProduct(t, db, tee(name, i, tags, 1))
			for _, tag := range tags {
				want[tag] = append([]string{name}, want[tag]...)
			}
		}
		for _, tag := range []string{"men", "graphic", "limited"} {
			var seen []string
			pages := shop.PageCount(len(want[tag]))
			for page := 1; page <= pages; page++ {
				got, err := db.CategoryProducts(ctx, tag, shop.ProductFilter{}, page)
				if err != nil {
					t.Fatal(err)
				}
				if got.Pages != pages {
					t.Fatalf("%s page %d: %d pages, want %d", tag, page, got.Pages, pages)
				}
				seen = append(seen, names(got.Products)...)
			}
			if !slices.Equal(seen, want[tag]) {
				t.Errorf("%s pages = %q, want %q", tag, seen, want[tag])
			}
		}
	})
}

func TestAdminProductsSearchAndPages(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		var ids []string
		for i := 1; i <= 14; i++ {
			p := tee(fmt.Sprintf("Tee %02d", i), i, []string{"men"}, 1)
			p.Published = i%2 == 0
			ids = append(ids, storetest.MustInsertProduct(t, db, p))
		}
		storetest.MustInsertProduct(t, db, tee("Khadi Kurta", 20, []string{"ethnic"}, 1))

		first, err := db.AdminProducts(ctx, "", 1)
		if err != nil {
			t.Fatal(err)
		}
		second, err := db.AdminProducts(ctx, "", 2)
		if err != nil {
			t.Fatal(err)
		}
		if first.Pages != 2 || len(first.Products) != 12 || first.Products[0].Name != "Khadi Kurta" ||
			!slices.Equal(names(second.Products), []string{"Tee 03", "Tee 02", "Tee 01"}) {
			t.Errorf("pages = %q, %q of %d; want drafts too, newest first, in 2 pages",
				names(first.Products), names(second.Products), first.Pages)
		}
		for _, c := range []struct {
			search string
			want   []string
		}{
			{"KURTA", []string{"Khadi Kurta"}},
			{"ethnic", []string{"Khadi Kurta"}},
			{"tee 0", []string{"Tee 09", "Tee 08", "Tee 07", "Tee 06", "Tee 05", "Tee 04", "Tee 03", "Tee 02", "Tee 01"}},
			{" " + ids[2] + " ", []string{"Tee 03"}}, // an id, as pasted
			{"%", []string{}},
		} {
			got, err := db.AdminProducts(ctx, c.search, 1)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(names(got.Products), c.want) || got.Pages != 1 {
				t.Errorf("search %q = %q in %d pages, want %q", c.search, names(got.Products), got.Pages, c.want)
			}
		}
	})
}

func TestUsersSearchAndPages(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		for i := 0; i < 25; i++ {
			name := fmt.Sprintf("Customer %02d", i)
			if i == 7 {
				name = "Priya Sharma"
			}
			if _, err := db.InsertUser(ctx, shop.NewUser{Name: name, Email: fmt.Sprintf("c%02d@example.com", i),
				MobileNo: fmt.Sprintf("98765432%02d", i), Role: shop.RoleCustomer}, "hash", true); err != nil {
				t.Fatal(err)
			}
		}
		var all []string
		for page := 1; page <= 3; page++ {
			got, err := db.Users(ctx, "", page)
			if err != nil {
				t.Fatal(err)
			}
			if got.Pages != 3 || got.Page != page || len(got.Users) != []int{12, 12, 1}[page-1] {
				t.Fatalf("page %d: %d users, page %d of %d", page, len(got.Users), got.Page, got.Pages)
			}
			for _, u := range got.Users {
				all = append(all, u.Email)
			}
		}
		slices.Sort(all)
		if len(slices.Compact(all)) != 25 {
			t.Errorf("the pages hold %d different users, want all 25 once", len(all))
		}
		for _, c := range []struct {
			search string
			want   []string
		}{
			{"PRIYA", []string{"c07@example.com"}},
			{"c11@", []string{"c11@example.com"}},
			{"9876543224", []string{"c24@example.com"}},
			{"_", []string{}},
			{"nobody", []string{}},
		} {
			got, err := db.Users(ctx, c.search, 1)
			if err != nil {
				t.Fatal(err)
			}
			emails := []string{}
			for _, u := range got.Users {
				emails = append(emails, u.Email)
			}
			if !slices.Equal(emails, c.want) || got.Pages != 1 {
				t.Errorf("search %q = %q in %d pages, want %q", c.search, emails, got.Pages, c.want)
			}
		}
	})
}

func TestProductFilterChoices(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		filterCatalogue(t, db)
		draft := tee("Draft", 9, nil)
		draft.Published = false
		draft.Variants = []shop.Variant{{VariantName: "Purple", Images: []string{"/uploads/a.png"}, Sizes: []shop.Size{{Size: "XS", Stock: 1}}}}
		storetest.MustInsertProduct(t, db, draft)
		got, err := db.ProductFilterChoices(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Sizes, []string{"M", "XL", "L"}) || !slices.Equal(got.Colors, []string{"black", "navy", "white"}) {
			t.Errorf("choices = %+v; want sizes M, XL, L (by position) and colours black, navy, white, none of the draft's", got)
		}
	})
}

// A list's count is remembered, but never past a change to the catalogue.
func TestListCountFollowsTheCatalogue(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		for i := range shop.PageSize {
			storetest.MustInsertProduct(t, db, tee(fmt.Sprintf("Tee %02d", i), i, []string{"men"}, 1))
		}
		pages := func() int {
			t.Helper()
			p, err := db.CategoryProducts(ctx, "men", shop.ProductFilter{Size: "S"}, 1)
			if err != nil {
				t.Fatal(err)
			}
			return p.Pages
		}
		if got := pages(); got != 1 {
			t.Fatalf("12 products fill %d pages, want 1", got)
		}
		storetest.MustInsertProduct(t, db, tee("Thirteenth", 50, []string{"men"}, 1))
		if got := pages(); got != 2 {
			t.Errorf("after a 13th product the list has %d pages, want 2", got)
		}
	})
}

// The first list read by a new store, before any change, is counted too.
func TestFirstListOfAFreshStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		for range 2 {
			p, err := db.ListProducts(ctx, shop.Search{}, shop.ProductFilter{}, 1)
			if err != nil || p.Pages != 1 || len(p.Products) != 0 {
				t.Fatalf("an empty shop's list = %+v, %v", p, err)
			}
		}
	})
}

// A keyword search takes the sort and filters of any list: best match
// first with no sort, the chosen order when there is one (newest too),
// the count and a typo's correction over the filtered matches only.
func TestSearchSortsAndFilters(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		filterCatalogue(t, db)
		for _, c := range []struct {
			name    string
			keyword string
			f       shop.ProductFilter
			want    []string
		}{
			// The word in the name beats it in a colour; in stock before sold out.
			{"best match", "black", shop.ProductFilter{},
				[]string{"Cheap black M", "Two colours", "Sold out M"}},
			{"newest chosen", "black", shop.ProductFilter{Sort: shop.SortNewest},
				[]string{"Sold out M", "Two colours", "Cheap black M"}},
			{"price high to low", "black", shop.ProductFilter{Sort: shop.SortPriceDesc},
				[]string{"Two colours", "Sold out M", "Cheap black M"}},
			{"rating", "black", shop.ProductFilter{Sort: shop.SortRating},
				[]string{"Two colours", "Sold out M", "Cheap black M"}},
			{"size in stock, price low to high", "black", shop.ProductFilter{Sort: shop.SortPriceAsc, Size: "M"},
				[]string{"Cheap black M", "Two colours"}},
			{"size in the colour", "black", shop.ProductFilter{Size: "M", Color: "black"},
				[]string{"Cheap black M"}},
			{"price bound, newest", "black", shop.ProductFilter{Sort: shop.SortNewest, MaxPrice: 50000},
				[]string{"Sold out M", "Cheap black M"}},
			{"price bound, best match", "black", shop.ProductFilter{MinPrice: 40000},
				[]string{"Two colours", "Sold out M"}},
			{"nothing within", "black", shop.ProductFilter{MinPrice: 200000}, []string{}},
		} {
			got, err := db.ListProducts(ctx, shop.Search{Keyword: c.keyword}, c.f, 1)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if !slices.Equal(names(got.Products), c.want) {
				t.Errorf("%s: %q, want %q", c.name, names(got.Products), c.want)
			}
			if got.Total != len(c.want) || got.Corrected != "" {
				t.Errorf("%s: total %d corrected %q, want %d and none", c.name, got.Total, got.Corrected, len(c.want))
			}
		}

		got, err := db.ListProducts(ctx, shop.Search{Keyword: "blakc"}, shop.ProductFilter{Sort: shop.SortPriceAsc, Size: "M"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"Cheap black M", "Two colours"}; !slices.Equal(names(got.Products), want) || got.Corrected != "black" || got.Total != 2 {
			t.Errorf("a typo with filters: %q corrected %q total %d, want %q corrected black total 2",
				names(got.Products), got.Corrected, got.Total, want)
		}
	})
}
