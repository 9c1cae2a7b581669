package shop

import (
	"reflect"
	"strings"
	"testing"
)

func TestNewReviewValidate(t *testing.T) {
	for _, tc := range []struct {
		name    string
		r       NewReview
		want    string
		comment string // the comment after Validate
	}{
		{"five stars", NewReview{Rating: 5, Comment: "Soft cotton"}, "", "Soft cotton"},
		{"one star, trimmed", NewReview{Rating: 1, Comment: "  Faded  "}, "", "Faded"},
		{"no stars", NewReview{Rating: 0, Comment: "Nice"}, "Please choose a rating from 1 to 5 stars", "Nice"},
		{"six stars", NewReview{Rating: 6, Comment: "Nice"}, "Please choose a rating from 1 to 5 stars", "Nice"},
		{"no comment", NewReview{Rating: 4, Comment: "   "}, "Please write a comment", ""},
		{"250 characters", NewReview{Rating: 4, Comment: strings.Repeat("अ", 250)}, "", strings.Repeat("अ", 250)},
		{"251 characters", NewReview{Rating: 4, Comment: strings.Repeat("a", 251)}, "The comment must be at most 250 characters",
			strings.Repeat("a", 251)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.r
			err := r.Validate()
			if got := errText(err); got != tc.want {
				t.Errorf("Validate = %q, want %q", got, tc.want)
			}
			if r.Comment != tc.comment {
				t.Errorf("comment %q, want %q", r.Comment, tc.comment)
			}
		})
	}
	if ErrAlreadyReviewed.Code != Conflict {
		t.Error("a second review must be a Conflict")
	}
}

func TestParseTags(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want []string
		ok   bool
	}{
		{"lowercased, trimmed, deduplicated", " Men, Graphic_Tee ,men,, खादी , Half  Sleeve", []string{"men", "graphic_tee", "खादी", "half sleeve"}, true},
		{"none", "", []string{}, true},
		{"a per cent sign", "men, 100%", nil, false},
		{"a hyphen", "tee-shirt", nil, false},
		{"a semicolon", "a;b", nil, false},
		{"a digit", "x1", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseTags(tc.in)
			if !reflect.DeepEqual(got, tc.want) || (err == nil) != tc.ok {
				t.Errorf("ParseTags(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
			}
			if err != nil && CodeOf(err) != Invalid {
				t.Errorf("%v is not Invalid", err)
			}
		})
	}
}

func TestProductChangeNormalize(t *testing.T) {
	zero := Paise(0)
	c := ProductChange{Name: "  Polo ", Description: " Soft ", Price: -29900, MRP: &zero, SizeChart: " S: chest 38 in \n",
		Variants: []Variant{
			{VariantName: " black ", Sizes: []Size{{Size: " xl "}, {Size: "m"}}},
			{VariantName: "Mustard", Swatch: " #E1AD01 "},
			{VariantName: "Bottle green"},
			{VariantName: "Dark Slate Blue"},
		}}
	c.Normalize()
	want := ProductChange{Name: "Polo", Description: "Soft", Price: 29900, SizeChart: "S: chest 38 in",
		Variants: []Variant{
			{VariantName: "black", Swatch: "#000000", Sizes: []Size{{Size: "XL"}, {Size: "M"}}},
			{VariantName: "Mustard", Swatch: "#e1ad01"},
			{VariantName: "Bottle green", Swatch: NoSwatch},
			{VariantName: "Dark Slate Blue", Swatch: "#483d8b"},
		}}
	if !reflect.DeepEqual(c, want) {
		t.Errorf("Normalize = %+v, want %+v", c, want)
	}
}

func TestProductChangeValidate(t *testing.T) {
	variant := func() Variant {
		return Variant{VariantName: "black", Swatch: "#000000", Images: []string{"/uploads/a.png"}, Sizes: []Size{{Size: "M", Stock: 3}, {Size: "L"}}}
	}
	ok := func() ProductChange {
		return ProductChange{Name: "Polo", Price: 29900, Tags: []string{"men"}, Description: "Soft", Variants: []Variant{variant()}}
	}
	many := func(n int) []string { return make([]string, n) }
	for _, tc := range []struct {
		name   string
		change func(*ProductChange)
		want   string
	}{
		{"a whole product", func(*ProductChange) {}, ""},
		{"no variants yet", func(c *ProductChange) { c.Variants = nil }, ""},
		{"no name", func(c *ProductChange) { c.Name = "" }, "Please enter the product name"},
		{"a name past 120 characters", func(c *ProductChange) { c.Name = strings.Repeat("a", 121) }, "The product name must be at most 120 characters"},
		{"no price", func(c *ProductChange) { c.Price = 0 }, "The price must be more than zero"},
		{"an 8-digit HSN code", func(c *ProductChange) { c.HSN = "61091000" }, ""},
		{"a 5-digit HSN code", func(c *ProductChange) { c.HSN = "61091" }, "The HSN code is 4, 6 or 8 digits (6109 for knitted T-shirts)"},
		{"an HSN code with letters", func(c *ProductChange) { c.HSN = "61O9" }, "The HSN code is 4, 6 or 8 digits (6109 for knitted T-shirts)"},
		{"an MRP above the price", func(c *ProductChange) { c.MRP = ptr(Paise(39900)) }, ""},
		{"an MRP equal to the price", func(c *ProductChange) { c.MRP = ptr(Paise(29900)) }, ""},
		{"an MRP below the price", func(c *ProductChange) { c.MRP = ptr(Paise(29899)) }, "The MRP must be at least the price"},
		{"a size chart of 2000 characters", func(c *ProductChange) { c.SizeChart = strings.Repeat("अ", 2000) }, ""},
		{"a size chart past 2000 characters", func(c *ProductChange) { c.SizeChart = strings.Repeat("a", 2001) },
			"The size chart must be at most 2000 characters"},
		{"a swatch that is a CSS keyword", func(c *ProductChange) { c.Variants[0].Swatch = "black" },
			"Variant 1 (black): the swatch must be a colour such as #1f2233"},
		{"a short swatch", func(c *ProductChange) { c.Variants[0].Swatch = "#000" },
			"Variant 1 (black): the swatch must be a colour such as #1f2233"},
		{"a description past 4000 characters", func(c *ProductChange) { c.Description = strings.Repeat("a", 4001) },
			"The description must be at most 4000 characters"},
		{"21 tags", func(c *ProductChange) { c.Tags = many(21) }, "A product can have at most 20 tags"},
		{"a tag past 30 characters", func(c *ProductChange) { c.Tags = []string{strings.Repeat("a", 31)} }, "A tag must be at most 30 characters"},
		{"21 variants", func(c *ProductChange) {
			c.Variants = make([]Variant, 21)
		}, "A product can have at most 20 variants"},
		{"a variant without a name", func(c *ProductChange) { c.Variants[0].VariantName = "" }, "Variant 1 needs a name"},
		{"a variant name past 20 characters", func(c *ProductChange) { c.Variants[0].VariantName = strings.Repeat("a", 21) },
			"Variant 1: the variant name must be at most 20 characters"},
		{"two variants of one name", func(c *ProductChange) {
			second := variant()
			second.VariantName = "Black"
			c.Variants = append(c.Variants, second)
		}, `Two variants are named "Black"`},
		{"a variant without pictures", func(c *ProductChange) { c.Variants[0].Images = nil }, "You need to keep at least one image to update."},
		{"a variant of 11 pictures", func(c *ProductChange) { c.Variants[0].Images = many(11) }, "Variant 1 (black) can have at most 10 pictures"},
		{"a variant of 16 sizes", func(c *ProductChange) { c.Variants[0].Sizes = make([]Size, 16) }, "Variant 1 (black) can have at most 15 sizes"},
		{"a picture path past 200 characters", func(c *ProductChange) { c.Variants[0].Images = []string{strings.Repeat("a", 201)} },
			"Variant 1 (black): a picture's path must be at most 200 characters"},
		{"a size without a code", func(c *ProductChange) { c.Variants[0].Sizes[0].Size = "" },
			"Variant 1 (black): every size needs a code such as M or XL"},
		{"a size code past 10 characters", func(c *ProductChange) { c.Variants[0].Sizes[0].Size = strings.Repeat("X", 11) },
			"Variant 1 (black): a size code must be at most 10 characters"},
		{"one size twice", func(c *ProductChange) { c.Variants[0].Sizes[1].Size = "M" }, "Variant 1 (black) lists size M twice"},
		{"negative stock", func(c *ProductChange) { c.Variants[0].Sizes[0].Stock = -1 }, "Variant 1 (black): stock of size M must be a whole number from 0"},
		{"stock past a million", func(c *ProductChange) { c.Variants[0].Sizes[0].Stock = MaxStock + 1 },
			"Variant 1 (black): stock of size M must be a whole number from 0"},
		{"stock of a million", func(c *ProductChange) { c.Variants[0].Sizes[0].Stock = MaxStock }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ok()
			tc.change(&c)
			refused(t, c.Validate(), tc.want, Invalid)
		})
	}
}

func TestProductChangePublishable(t *testing.T) {
	pictured := []Variant{{VariantName: "black", Images: []string{"/a.png"}}}
	for _, tc := range []struct {
		name string
		c    ProductChange
		want bool
	}{
		{"a name, a price and a picture", ProductChange{Name: "Polo", Price: 1, Variants: pictured}, true},
		{"no name", ProductChange{Price: 1, Variants: pictured}, false},
		{"no price", ProductChange{Name: "Polo", Variants: pictured}, false},
		{"no variant", ProductChange{Name: "Polo", Price: 1}, false},
		{"a variant without a picture", ProductChange{Name: "Polo", Price: 1, Variants: []Variant{{VariantName: "black"}}}, false},
		{"a second variant with a picture", ProductChange{Name: "Polo", Price: 1, Variants: append([]Variant{{}}, pictured...)}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.c.Publishable(); got != tc.want {
				t.Errorf("Publishable = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestPictureInUse(t *testing.T) {
	for _, tc := range []struct {
		name     string
		products []string
		want     string
	}{
		{"one product", []string{"Polo"}, "This picture is used by Polo. Remove it from it first."},
		{"two products", []string{"Polo", "Tee"}, "This picture is used by Polo, Tee. Remove it from them first."},
		{"a draft without a name", []string{""}, "This picture is used by an unnamed draft. Remove it from it first."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := PictureInUse(tc.products)
			if errText(err) != tc.want || CodeOf(err) != Conflict {
				t.Errorf("PictureInUse = %v (code %d), want the Conflict %q", err, CodeOf(err), tc.want)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }
