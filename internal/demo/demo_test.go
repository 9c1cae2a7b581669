package demo

import (
	"bytes"
	"image/color"
	"image/png"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/colornames"

	"github.com/haat-shop/haat/internal/shop"
)

func hasTag(p shop.Product, tag string) bool { return slices.Contains(p.Tags, tag) }

func soldOut(p shop.Product) bool {
	for _, v := range p.Variants {
		for _, s := range v.Sizes {
			if s.Stock > 0 {
				return false
			}
		}
	}
	return true
}

func TestCatalogShape(t *testing.T) {
	products := Catalog()
	if len(products) < 32 {
		t.Fatalf("catalogue has %d products, want at least 32", len(products))
	}
	names, slugs, tags := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, p := range products {
		if names[p.Name] || slugs[slug(p.Name)] {
			t.Errorf("%q: duplicate name or image slug", p.Name)
		}
		names[p.Name], slugs[slug(p.Name)] = true, true
		if p.ID != "" || !p.CreatedAt.IsZero() || p.Rating != 0 || p.NumReviews != 0 {
			t.Errorf("%q: ID, CreatedAt, Rating and NumReviews are the store's to set", p.Name)
		}
		if n := len(p.Tags); n < 2 || n > 4 {
			t.Errorf("%q has %d tags, want 2-4", p.Name, n)
		}
		for _, tag := range p.Tags {
			if tag != strings.ToLower(tag) || strings.TrimSpace(tag) != tag || tag == "" {
				t.Errorf("%q: tag %q is not a lowercase word", p.Name, tag)
			}
			tags[tag] = true
		}
		if p.Price < 29900 || p.Price > 249900 || p.Price%100 != 0 {
			t.Errorf("%q costs %s, want whole rupees from 299 to 2499", p.Name, p.Price.Rupees())
		}
		if p.TotalSold < 0 || p.TotalSold > 500 {
			t.Errorf("%q: TotalSold %d outside 0..500", p.Name, p.TotalSold)
		}
	}
	if len(tags) < 6 {
		t.Errorf("%d distinct tags %v, want at least 6", len(tags), tags)
	}
}

var sentenceEnd = regexp.MustCompile(`[.!?](\s|$)`)

func TestDescriptions(t *testing.T) {
	for _, p := range Catalog() {
		d := p.Description
		if n := len(sentenceEnd.FindAllString(d, -1)); n < 1 || n > 3 || !sentenceEnd.MatchString(d[len(d)-1:]) {
			t.Errorf("%q: description has %d sentences, want 1-3 ending in punctuation", p.Name, n)
		}
		if !hasTag(p, "polo") && strings.Contains(strings.ToLower(d), "polo") {
			t.Errorf("%q is not a polo but its description says polo", p.Name)
		}
	}
}

func TestPoloSearchIsMeaningful(t *testing.T) {
	products := Catalog()
	matches := 0
	for _, p := range products {
		found := strings.Contains(shop.SearchText(p.Name, p.Description, p.Tags), shop.NormalizeKeyword(" Polo "))
		if found != hasTag(p, "polo") {
			t.Errorf("%q: matches polo = %v but has polo tag = %v", p.Name, found, hasTag(p, "polo"))
		}
		if found {
			matches++
		}
	}
	if matches < 3 || matches > len(products)/2 {
		t.Errorf("polo matches %d of %d products, want at least 3 and at most half", matches, len(products))
	}
}

func TestVariantsAndStock(t *testing.T) {
	var fullySoldOut, partlySoldOut int
	for _, p := range Catalog() {
		if n := len(p.Variants); n < 1 || n > 4 {
			t.Errorf("%q has %d variants, want 1-4", p.Name, n)
		}
		colours, total, zeros, sizes := map[string]bool{}, 0, 0, 0
		for _, v := range p.Variants {
			name := v.VariantName
			if _, ok := palette[name]; !ok {
				t.Errorf("%q: colour %q is not in the palette", p.Name, name)
			}
			if _, ok := colornames.Map[name]; !ok {
				t.Errorf("%q: %q is not a CSS colour name", p.Name, name)
			}
			if len(name) > 20 || colours[name] {
				t.Errorf("%q: colour %q is too long or repeated", p.Name, name)
			}
			colours[name] = true
			if v.ID != "" || len(v.Images) != 0 {
				t.Errorf("%q/%s: ID and Images must start empty", p.Name, name)
			}
			var codes []string
			for _, s := range v.Sizes {
				codes = append(codes, s.Size)
				if s.Stock < 0 || s.Stock > 40 {
					t.Errorf("%q/%s/%s: stock %d outside 0..40", p.Name, name, s.Size, s.Stock)
				}
				total += s.Stock
				sizes++
				if s.Stock == 0 {
					zeros++
				}
			}
			if !slices.Equal(codes, []string{"S", "M", "L", "XL", "XXL"}) {
				t.Errorf("%q/%s: sizes %v, want S M L XL XXL", p.Name, name, codes)
			}
		}
		if p.TotalInStock != total {
			t.Errorf("%q: TotalInStock %d, but sizes add up to %d", p.Name, p.TotalInStock, total)
		}
		switch {
		case zeros == sizes:
			fullySoldOut++
			if !soldOut(p) {
				t.Fatal("soldOut disagrees with the count")
			}
		case zeros > 0:
			partlySoldOut++
		}
	}
	if fullySoldOut < 3 {
		t.Errorf("%d products fully sold out, want at least 3", fullySoldOut)
	}
	if partlySoldOut < 3 {
		t.Errorf("%d products partly sold out, want at least 3", partlySoldOut)
	}
}

var reviewer = regexp.MustCompile(`^[A-Z][a-z]+ [A-Z]\.$`)

func TestReviews(t *testing.T) {
	products := Catalog()
	reviewed := 0
	for _, p := range products {
		if len(p.Reviews) == 0 {
			continue
		}
		reviewed++
		if len(p.Reviews) > 4 {
			t.Errorf("%q has %d reviews, want at most 4", p.Name, len(p.Reviews))
		}
		for _, r := range p.Reviews {
			if r.Rating < 1 || r.Rating > 5 {
				t.Errorf("%q: review by %s rates %d, want 1-5", p.Name, r.Name, r.Rating)
			}
			if r.Comment == "" || len(r.Comment) > 250 {
				t.Errorf("%q: review by %s has a %d-byte comment, want 1-250", p.Name, r.Name, len(r.Comment))
			}
			if !reviewer.MatchString(r.Name) {
				t.Errorf("%q: reviewer %q is not a first name and an initial", p.Name, r.Name)
			}
			if r.CreatedAt.Year() != 2026 || r.ID != "" {
				t.Errorf("%q: review by %s dated %v with ID %q", p.Name, r.Name, r.CreatedAt, r.ID)
			}
		}
	}
	// "About a third" of the catalogue.
	if reviewed*4 < len(products) || reviewed*2 > len(products) {
		t.Errorf("%d of %d products have reviews, want about a third", reviewed, len(products))
	}
}

func TestDeterministic(t *testing.T) {
	tests := []struct {
		name string
		make func() []shop.Product
	}{
		{"Catalog", Catalog},
		{"Generated", func() []shop.Product { return Generated(100) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := tt.make()
			// Changing one result must not leak into the next.
			a[0].Variants[0].Sizes[0].Stock = 99
			a[0].Tags[0] = "changed"
			b, c := tt.make(), tt.make()
			if !reflect.DeepEqual(b, c) {
				t.Fatal("two calls returned different products")
			}
			if b[0].Variants[0].Sizes[0].Stock == 99 || b[0].Tags[0] == "changed" {
				t.Fatal("calls share memory")
			}
		})
	}
}

func TestGenerated(t *testing.T) {
	catalog := Catalog()
	for _, n := range []int{0, 1, len(catalog), 3*len(catalog) + 5} {
		gen := Generated(n)
		if len(gen) != n {
			t.Fatalf("Generated(%d) returned %d products", n, len(gen))
		}
		names := map[string]bool{}
		for k, p := range gen {
			base := catalog[k%len(catalog)]
			if !strings.HasPrefix(p.Name, base.Name+" #") || names[p.Name] {
				t.Errorf("product %d is named %q, want a unique %q #n", k, p.Name, base.Name)
			}
			names[p.Name] = true
			for j, v := range p.Variants {
				want := imagePaths(base.Name, base.Variants[j].VariantName)
				if !slices.Equal(v.Images, want) {
					t.Errorf("%q/%s: images %v, want the catalogue's %v", p.Name, v.VariantName, v.Images, want)
				}
			}
		}
	}
	if Generated(-1) == nil || len(Generated(-1)) != 0 {
		t.Error("Generated(-1) must be empty, not nil")
	}
}

func TestSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Classic Crew Neck Tee", "classic-crew-neck-tee"},
		{"Kids Cotton Polo #17", "kids-cotton-polo-17"},
		{"  Long-Staple -- Tee! ", "long-staple-tee"},
		{"Piqué Polo", "piqu-polo"},
	}
	for _, tt := range tests {
		if got := slug(tt.in); got != tt.want {
			t.Errorf("slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRenderImages(t *testing.T) {
	products := Catalog()
	start := time.Now()
	pictures, err := RenderImages(products)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("rendered the catalogue in %v", time.Since(start))

	for _, p := range products {
		graphic := hasTag(p, "graphic")
		for _, v := range p.Variants {
			if len(v.Images) < 2 {
				t.Fatalf("%q/%s has %d images, want at least 2", p.Name, v.VariantName, len(v.Images))
			}
			want := palette[v.VariantName]
			var files [][]byte
			for _, u := range v.Images {
				if !strings.HasPrefix(u, URLPrefix) {
					t.Errorf("image path %q is not under %s", u, URLPrefix)
				}
				b, ok := pictures[u]
				if !ok {
					t.Fatalf("no picture returned for %s", u)
				}
				files = append(files, b)
				if len(b) > 30_000 {
					t.Errorf("%s is %d bytes, want under 30 KB", u, len(b))
				}
				img, err := png.Decode(bytes.NewReader(b))
				if err != nil {
					t.Fatalf("%s: %v", u, err)
				}
				if got := img.Bounds().Size(); got.X != 800 || got.Y != 800 {
					t.Fatalf("%s is %v, want 800x800", u, got)
				}
				centre := color.RGBAModel.Convert(img.At(400, 400)).(color.RGBA)
				if d := distance(centre, want); d > 6 {
					t.Errorf("%s: centre pixel %v is not %s %v", u, centre, v.VariantName, want)
				}
				corner := color.RGBAModel.Convert(img.At(5, 5)).(color.RGBA)
				if d := distance(corner, background); d > 3 {
					t.Errorf("%s: corner pixel %v is not the background", u, corner)
				}
			}
			if graphic && bytes.Equal(files[0], files[1]) {
				t.Errorf("%q/%s: front and back of a graphic tee are identical", p.Name, v.VariantName)
			}
		}
	}

	// Generated products point at the pictures just drawn.
	for _, p := range Generated(2 * len(products)) {
		for _, v := range p.Variants {
			for _, u := range v.Images {
				if _, ok := pictures[u]; !ok {
					t.Errorf("generated %q shows %s, which was not drawn", p.Name, u)
				}
			}
		}
	}
}

// The drawings differ by cut, so a polo's front must differ from a plain
// tee's, a henley's from a crew neck's, and an oversized back from a regular.
func TestRenderImagesDistinguishesCuts(t *testing.T) {
	tests := []struct {
		name string
		tags []string
	}{
		{"Plain", []string{"men", "plain"}},
		{"Polo", []string{"men", "polo"}},
		{"Henley", []string{"men", "henley"}},
		{"Oversized", []string{"men", "oversized"}},
		{"Graphic", []string{"men", "graphic"}},
	}
	var products []shop.Product
	for _, tt := range tests {
		products = append(products, shop.Product{Name: tt.name, Tags: tt.tags, Variants: []shop.Variant{{VariantName: "white"}}})
	}
	pictures, err := RenderImages(products)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, p := range products {
		b := pictures[p.Variants[0].Images[0]]
		if other, ok := seen[string(b)]; ok {
			t.Errorf("%s and %s fronts are identical", p.Name, other)
		}
		seen[string(b)] = p.Name
	}
}

func TestRenderImagesRejectsUnknownColour(t *testing.T) {
	products := []shop.Product{{Name: "Mystery Tee", Variants: []shop.Variant{{VariantName: "mustard"}}}}
	_, err := RenderImages(products)
	if err == nil || !strings.Contains(err.Error(), "mustard") {
		t.Fatalf("err = %v, want one naming the colour", err)
	}
	if products[0].Variants[0].Images != nil {
		t.Error("a failed render must leave the products unchanged")
	}
}

func BenchmarkRenderImages(b *testing.B) {
	for b.Loop() {
		if _, err := RenderImages(Catalog()); err != nil {
			b.Fatal(err)
		}
	}
}
