package shop

import (
	"strconv"
	"strings"
	"time"
)

// IST is India Standard Time, the shop's time zone (SPEC.md §9).
var IST = time.FixedZone("IST", 5*60*60+30*60)

// PageSize is the number of products on one page of a product list.
const PageSize = 12

// MaxPage is the highest page number asked for: far beyond any catalogue,
// and small enough that its offset never overflows a database integer.
const MaxPage = 100_000

// ParsePage reads a page number from a query. Like the app's links, it
// takes anything that is not a whole number of at least 1 for page 1; a
// whole number past MaxPage is refused rather than sent to the database.
func ParsePage(s string) (int, error) {
	s = strings.TrimPrefix(s, "+")
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return 1, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > MaxPage {
		return 0, invalid("pageNumber must be at most %d", MaxPage)
	}
	return max(n, 1), nil
}

// TopProductsCount is how many products GET /api/products/top returns.
const TopProductsCount = 5

// ErrProductNotFound answers for a product that does not exist, or that
// is a draft to anyone but an admin.
var ErrProductNotFound = &Error{Code: NotFound, Message: "Product not found"}

// Product is a t-shirt in the catalogue, in the shape of SPEC.md §3.
type Product struct {
	ID          string `json:"_id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Price       Paise  `json:"price"`
	// MRP is the compare-at price printed on the tag, at least Price; nil
	// when the owner gave none.
	MRP *Paise `json:"mrp"`
	// SizeChart is the product's own size chart (plain lines), or "" for
	// the shop's default.
	SizeChart    string    `json:"sizeChart"`
	Rating       float64   `json:"rating"`
	NumReviews   int       `json:"numReviews"`
	TotalInStock int       `json:"totalInStock"`
	TotalSold    int       `json:"totalSold"`
	Tags         []string  `json:"tags"`
	Reviews      []Review  `json:"reviews"` // the newest ReviewsShown; NumReviews counts all
	Variants     []Variant `json:"variants"`
	// Published is false for a draft an admin has not finished; drafts
	// never reach the storefront.
	Published bool      `json:"published"`
	CreatedAt time.Time `json:"createdAt"`
	// HSN is the product's HSN code, printed on its invoices.
	HSN string `json:"hsn"`
}

// PrimaryImage is the picture that stands for the product in lists and
// shared links: the first of the first colour that has one.
func (p Product) PrimaryImage() string {
	for _, v := range p.Variants {
		if len(v.Images) > 0 {
			return v.Images[0]
		}
	}
	return ""
}

// Variant is one colour of a product. VariantName is the name customers
// read ("Mustard", "Bottle green"); Swatch ("#rrggbb") is the colour its
// button shows.
type Variant struct {
	ID          string   `json:"_id"`
	VariantName string   `json:"variantName"`
	Swatch      string   `json:"swatch"`
	Images      []string `json:"images"`
	Sizes       []Size   `json:"sizes"`
}

// Size is one size of a variant with its own stock.
type Size struct {
	ID    string `json:"_id"`
	Size  string `json:"size"`
	Stock int    `json:"stock"`
}

// Review is a customer's rating and comment on a product.
type Review struct {
	ID        string    `json:"_id"`
	Name      string    `json:"name"`
	Rating    int       `json:"rating"`
	Comment   string    `json:"comment"`
	CreatedAt time.Time `json:"createdAt"`
	// VerifiedPurchase says the reviewer has a paid order of the product.
	VerifiedPurchase bool `json:"verifiedPurchase"`
}

// ReviewsShown is how many reviews, the newest, a product's answer carries,
// and how many a page of GET /api/products/{id}/reviews holds: a product
// with thousands of reviews is still a small answer, and its page shows
// the rest on demand.
const ReviewsShown = 10

// ReviewPage is one page of a product's reviews, newest first.
type ReviewPage struct {
	Reviews []Review `json:"reviews"`
	Page    int      `json:"page"`
	Pages   int      `json:"pages"`
	Total   int      `json:"total"`
}

// ProductPage is one page of a product list, as GET /api/products returns it.
type ProductPage struct {
	Products []Product `json:"products"`
	Pages    int       `json:"pages"`
	Page     int       `json:"page"`
}

// AverageRating is the mean of ratings summing to total over n reviews,
// rounded to two decimals; 0 when there are none.
func AverageRating(total, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64((total*100+n/2)/n) / 100
}

// PageCount is the number of pages needed for n items.
func PageCount(n int) int {
	if n <= 0 {
		return 1
	}
	return (n + PageSize - 1) / PageSize
}

// SearchText is the lowercased text a keyword is searched in: name, tags and
// description. Lowercasing happens here, in Go, so that both databases fold
// case the same way for every script, not only ASCII.
func SearchText(name, description string, tags []string) string {
	return strings.ToLower(name + "\n" + strings.Join(tags, " ") + "\n" + description)
}

// NormalizeKeyword trims and lowercases a search keyword.
func NormalizeKeyword(k string) string {
	return strings.ToLower(strings.TrimSpace(k))
}
