package shop

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Settings are what the owner sets on the Store Settings screen. They are
// kept as one document: a feature that needs a setting adds a field here
// and its rule to Check, and needs no migration.
type Settings struct {
	// ReturnsNote is the shop's returns policy in a sentence or two, shown
	// on every product page.
	ReturnsNote string `json:"returnsNote"`
	// Seller is the business that issues the tax invoices.
	Seller Seller `json:"seller"`
	// UnservedPins are pin codes, or their first digits, the shop does not
	// deliver to.
	UnservedPins []string `json:"unservedPins"`
	// CODBlockedPins are pin codes, or their first digits, that get no cash
	// on delivery: parcels to them kept coming back.
	CODBlockedPins []string `json:"codBlockedPins"`
	// SizeChart is the shop's size chart (a line a size), shown on the
	// page of a product without one of its own.
	SizeChart string `json:"sizeChart"`
	// Synonyms are groups of words search takes as one (kurta and kurti),
	// besides the equivalences every shop has (t-shirt and tee).
	Synonyms [][]string `json:"synonyms"`
}

// Seller is the business registered for GST that sells through the shop,
// as its tax invoices name it.
type Seller struct {
	LegalName string `json:"legalName"`
	TradeName string `json:"tradeName"`
	GSTIN     string `json:"gstin"`
	Address   string `json:"address"`
	// State is where the business is registered: a sale shipped within it
	// pays CGST and SGST, any other IGST.
	State string `json:"state"`
	// InvoicePrefix starts every invoice number, e.g. HT in HT/2627/000123.
	InvoicePrefix string `json:"invoicePrefix"`
}

// Limits of the settings.
const (
	MaxReturnsNoteLength = 300 // what a product page can show
	MaxInvoicePrefix     = 4   // so that an invoice number fits GST's 16 characters
	MaxPinEntries        = 1000
	MaxSellerAddress     = 300
	MaxSellerName        = 100
)

// Bounds of the synonym table: every search expands its words through it.
const (
	MaxSynonymGroups     = 50
	MaxSynonymsPerGroup  = 10
	MaxSynonymWordLength = 30
)

// DefaultSettings are a new shop's settings.
func DefaultSettings() Settings {
	return Settings{ReturnsNote: "Easy returns within 7 days of delivery.", Seller: Seller{InvoicePrefix: "INV"},
		UnservedPins: []string{}, CODBlockedPins: []string{},
		Synonyms: [][]string{{"kurta", "kurti"}, {"hoodie", "sweatshirt"}}}
}

// Normalize trims what the owner typed, capitalises the GSTIN and the
// prefix, and keeps each pin code once, in order.
func (s *Settings) Normalize() {
	s.ReturnsNote = strings.TrimSpace(s.ReturnsNote)
	groups := [][]string{}
	for _, g := range s.Synonyms {
		words := []string{}
		for _, w := range g {
			if w = strings.ToLower(strings.TrimSpace(w)); w != "" && !slices.Contains(words, w) {
				words = append(words, w)
			}
		}
		if len(words) > 0 {
			groups = append(groups, words)
		}
	}
	s.Synonyms = groups
	s.SizeChart = strings.TrimSpace(s.SizeChart)
	p := &s.Seller
	for _, f := range []*string{&p.LegalName, &p.TradeName, &p.GSTIN, &p.Address, &p.State, &p.InvoicePrefix} {
		*f = strings.TrimSpace(*f)
	}
	p.GSTIN = strings.ToUpper(p.GSTIN)
	p.InvoicePrefix = strings.ToUpper(p.InvoicePrefix)
	s.UnservedPins = normalizePins(s.UnservedPins)
	s.CODBlockedPins = normalizePins(s.CODBlockedPins)
}

func normalizePins(pins []string) []string {
	out := []string{}
	for _, p := range pins {
		if p = strings.TrimSpace(p); p != "" && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// Check says what is wrong with the settings, in the owner's words.
func (s Settings) Check() error {
	if utf8.RuneCountInString(s.ReturnsNote) > MaxReturnsNoteLength {
		return Errorf(Invalid, "The returns note can be at most %d characters", MaxReturnsNoteLength)
	}
	if err := s.Seller.Check(); err != nil {
		return err
	}
	for list, pins := range map[string][]string{"not served": s.UnservedPins, "without cash on delivery": s.CODBlockedPins} {
		if err := checkPinList(list, pins); err != nil {
			return err
		}
	}
	if utf8.RuneCountInString(s.SizeChart) > MaxSizeChartLength {
		return Errorf(Invalid, "The size chart must be at most %d characters", MaxSizeChartLength)
	}
	if len(s.Synonyms) > MaxSynonymGroups {
		return Errorf(Invalid, "There can be at most %d synonym groups", MaxSynonymGroups)
	}
	for _, g := range s.Synonyms {
		if len(g) < 2 || len(g) > MaxSynonymsPerGroup {
			return Errorf(Invalid, "A synonym group needs 2 to %d words", MaxSynonymsPerGroup)
		}
		for _, w := range g {
			if utf8.RuneCountInString(w) > MaxSynonymWordLength {
				return Errorf(Invalid, "A synonym can be at most %d characters", MaxSynonymWordLength)
			}
			if len(QueryWords(w)) != 1 {
				return Errorf(Invalid, "Each synonym must be one word: %q is not", w)
			}
		}
	}
	return nil
}

// Check says what is wrong with the seller's details. None at all is a
// shop that issues no tax invoices; a GSTIN needs the rest.
func (p Seller) Check() error {
	n := utf8.RuneCountInString
	switch {
	case n(p.LegalName) > MaxSellerName || n(p.TradeName) > MaxSellerName:
		return invalid("The legal and trade names can be at most %d characters", MaxSellerName)
	case n(p.Address) > MaxSellerAddress:
		return invalid("The registered address can be at most %d characters", MaxSellerAddress)
	case p.State != "" && GSTStateCode(p.State) == "":
		return invalid("%s is not a state or union territory of India", p.State)
	case p.GSTIN == "" && p.InvoicePrefix == "":
		return nil
	case !validPrefix(p.InvoicePrefix):
		return invalid("The invoice prefix is 1 to %d capital letters or digits", MaxInvoicePrefix)
	case p.GSTIN == "":
		return nil
	case p.LegalName == "" || p.Address == "" || p.State == "":
		return invalid("A seller with a GSTIN needs its legal name, registered address and state for the invoices")
	}
	return CheckGSTIN(p.GSTIN, p.State)
}

// Invoices tells whether the seller issues tax invoices: only one
// registered for GST does.
func (p Seller) Invoices() bool { return p.GSTIN != "" }

func validPrefix(s string) bool {
	if s == "" || len(s) > MaxInvoicePrefix {
		return false
	}
	for _, c := range s {
		if (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

func checkPinList(list string, pins []string) error {
	if len(pins) > MaxPinEntries {
		return invalid("The list of pin codes %s can hold at most %d entries", list, MaxPinEntries)
	}
	for _, p := range pins {
		if len(p) > PinCodeLength || !digits(p, len(p)) {
			return invalid("%q in the pin codes %s is not a pin code or its first digits", p, list)
		}
	}
	return nil
}

// MatchesPin tells whether a pin code is one of pins, or starts with one
// of them.
func MatchesPin(pins []string, pin string) bool {
	for _, p := range pins {
		if strings.HasPrefix(pin, p) {
			return true
		}
	}
	return false
}

// String names the seller as an invoice heads it.
func (p Seller) String() string {
	if p.TradeName != "" && p.TradeName != p.LegalName {
		return fmt.Sprintf("%s (%s)", p.TradeName, p.LegalName)
	}
	return p.LegalName
}
