package shop

import (
	"cmp"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/colornames"
)

// Limits of SPEC.md §5 and §9 for the catalogue.
const (
	MaxVariantNameLength   = 20
	MaxReviewCommentLength = 250
	MaxProductNameLength   = 120
	MaxDescriptionLength   = 4000
	MaxStock               = 1_000_000
	MaxSizeChartLength     = 2000
)

// NoSwatch is the neutral grey of a colour whose swatch was never picked.
const NoSwatch = "#d9d9d9"

var swatchPattern = regexp.MustCompile(`^#[0-9a-f]{6}$`)

// DefaultSwatch is the swatch a variant sent without one gets: the colour its
// name says when the name is a CSS colour keyword (as variants were named
// before swatches, and as older clients still send them), else NoSwatch.
func DefaultSwatch(name string) string {
	if c, ok := colornames.Map[strings.ToLower(strings.ReplaceAll(name, " ", ""))]; ok {
		return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return NoSwatch
}

// ErrAlreadyReviewed is the answer to a second review by one user.
var ErrAlreadyReviewed = &Error{Code: Conflict, Message: "Product already reviewed"}

// NewReview is a customer's review as they send it.
type NewReview struct {
	Rating  int
	Comment string
}

// Validate applies the review rules of SPEC.md §5.
func (r *NewReview) Validate() error {
	r.Comment = strings.TrimSpace(r.Comment)
	if r.Rating < 1 || r.Rating > 5 {
		return invalid("Please choose a rating from 1 to 5 stars")
	}
	if r.Comment == "" {
		return invalid("Please write a comment")
	}
	if utf8.RuneCountInString(r.Comment) > MaxReviewCommentLength {
		return invalid("The comment must be at most %d characters", MaxReviewCommentLength)
	}
	return nil
}

// ParseTags splits "Men, Polo,graphic_tee" into lowercase tags, refusing
// anything but letters, spaces, underscores and commas (SPEC.md §5).
func ParseTags(s string) ([]string, error) {
	for _, r := range s {
		// Marks count as letters: Devanagari and other Indian scripts write
		// vowels as combining marks (खादी).
		if !unicode.IsLetter(r) && !unicode.IsMark(r) && r != ' ' && r != '_' && r != ',' {
			return nil, invalid("Tags may contain only letters, spaces, underscores and commas.")
		}
	}
	tags := []string{}
	seen := map[string]bool{}
	for _, part := range strings.Split(strings.ToLower(s), ",") {
		tag := strings.Join(strings.Fields(part), " ")
		if tag != "" && !seen[tag] {
			seen[tag] = true
			tags = append(tags, tag)
		}
	}
	return tags, nil
}

// ProductChange is an admin's edit of a whole product. Variants and sizes
// that carry the id of an existing one update it in place, so cart lines
// that refer to them stay valid.
type ProductChange struct {
	Name        string
	Price       Paise
	MRP         *Paise
	SizeChart   string
	Tags        []string
	Description string
	Variants    []Variant
	// HSN is the product's HSN code; empty keeps the one it has.
	HSN string
}

// hsnShape says what an HSN code looks like, to one who typed another.
const hsnShape = "The HSN code is 4, 6 or 8 digits (6109 for knitted T-shirts)"

// DefaultHSN is the HSN code of a product nobody set one for: T-shirts,
// knitted or crocheted.
const DefaultHSN = "6109"

// Normalize trims text, uppercases size codes and makes the price positive
// (SPEC.md §5: "Price is made positive").
func (c *ProductChange) Normalize() {
	c.Name = strings.TrimSpace(c.Name)
	c.Description = strings.TrimSpace(c.Description)
	c.HSN = strings.TrimSpace(c.HSN)
	if c.Price < 0 {
		c.Price = -c.Price
	}
	// An empty MRP field means none.
	if c.MRP != nil && *c.MRP == 0 {
		c.MRP = nil
	}
	c.SizeChart = strings.TrimSpace(c.SizeChart)
	for i := range c.Variants {
		v := &c.Variants[i]
		v.VariantName = strings.TrimSpace(v.VariantName)
		v.Swatch = strings.ToLower(strings.TrimSpace(v.Swatch))
		if v.Swatch == "" {
			v.Swatch = DefaultSwatch(v.VariantName)
		}
		for j := range v.Sizes {
			v.Sizes[j].Size = strings.ToUpper(strings.TrimSpace(v.Sizes[j].Size))
		}
	}
}

// Validate applies the product rules of SPEC.md §5 on the server.
func (c ProductChange) Validate() error {
	switch {
	case c.Name == "":
		return invalid("Please enter the product name")
	case utf8.RuneCountInString(c.Name) > MaxProductNameLength:
		return invalid("The product name must be at most %d characters", MaxProductNameLength)
	case c.Price <= 0:
		return invalid("The price must be more than zero")
	case c.MRP != nil && *c.MRP < c.Price:
		return invalid("The MRP must be at least the price")
	case utf8.RuneCountInString(c.SizeChart) > MaxSizeChartLength:
		return invalid("The size chart must be at most %d characters", MaxSizeChartLength)
	case utf8.RuneCountInString(c.Description) > MaxDescriptionLength:
		return invalid("The description must be at most %d characters", MaxDescriptionLength)
	case len(c.Tags) > MaxTags:
		return invalid("A product can have at most %d tags", MaxTags)
	case len(c.Variants) > MaxVariants:
		return invalid("A product can have at most %d variants", MaxVariants)
	case c.HSN != "" && !ValidHSN(c.HSN):
		return invalid("%s", hsnShape)
	}
	for _, tag := range c.Tags {
		if utf8.RuneCountInString(tag) > MaxTagLength {
			return invalid("A tag must be at most %d characters", MaxTagLength)
		}
	}
	names := map[string]bool{}
	for i, v := range c.Variants {
		label := fmt.Sprintf("Variant %d", i+1)
		switch {
		case v.VariantName == "":
			return invalid("%s needs a name", label)
		case utf8.RuneCountInString(v.VariantName) > MaxVariantNameLength:
			return invalid("%s: the variant name must be at most %d characters", label, MaxVariantNameLength)
		case names[strings.ToLower(v.VariantName)]:
			return invalid("Two variants are named %q", v.VariantName)
		case !swatchPattern.MatchString(v.Swatch):
			return invalid("%s (%s): the swatch must be a colour such as #1f2233", label, v.VariantName)
		case len(v.Images) == 0:
			return invalid("You need to keep at least one image to update.")
		case len(v.Images) > MaxImagesPerVariant:
			return invalid("%s (%s) can have at most %d pictures", label, v.VariantName, MaxImagesPerVariant)
		case len(v.Sizes) > MaxSizesPerVariant:
			return invalid("%s (%s) can have at most %d sizes", label, v.VariantName, MaxSizesPerVariant)
		}
		for _, img := range v.Images {
			if len(img) > MaxImagePathLength {
				return invalid("%s (%s): a picture's path must be at most %d characters", label, v.VariantName, MaxImagePathLength)
			}
		}
		names[strings.ToLower(v.VariantName)] = true
		sizes := map[string]bool{}
		for _, s := range v.Sizes {
			switch {
			case s.Size == "":
				return invalid("%s (%s): every size needs a code such as M or XL", label, v.VariantName)
			case utf8.RuneCountInString(s.Size) > MaxSizeCodeLength:
				return invalid("%s (%s): a size code must be at most %d characters", label, v.VariantName, MaxSizeCodeLength)
			case sizes[s.Size]:
				return invalid("%s (%s) lists size %s twice", label, v.VariantName, s.Size)
			case s.Stock < 0 || s.Stock > MaxStock:
				return invalid("%s (%s): stock of size %s must be a whole number from 0", label, v.VariantName, s.Size)
			}
			sizes[s.Size] = true
		}
	}
	return nil
}

// Publishable tells whether a product may show in the storefront: it has
// a name, a price and a variant with an image.
func (c ProductChange) Publishable() bool {
	if c.Name == "" || c.Price <= 0 {
		return false
	}
	for _, v := range c.Variants {
		if len(v.Images) > 0 {
			return true
		}
	}
	return false
}

// PictureInUse is the refusal to delete a picture the named products show.
func PictureInUse(products []string) error {
	names := make([]string, len(products))
	for i, n := range products {
		names[i] = cmp.Or(n, "an unnamed draft")
	}
	them := "them"
	if len(names) == 1 {
		them = "it"
	}
	return Errorf(Conflict, "This picture is used by %s. Remove it from %s first.", strings.Join(names, ", "), them)
}

// ValidHSN tells whether s has the shape of an HSN code: 4, 6 or 8 digits.
func ValidHSN(s string) bool {
	return digits(s, 4) || digits(s, 6) || digits(s, 8)
}
