package shop

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Search is what a shopper asked the product list for.
type Search struct {
	Keyword string
	// Exact turns typo correction off: the shopper chose "search the exact
	// words instead" after a corrected search.
	Exact bool
}

// SearchPage is one page of search results (or of the whole list when
// the keyword is empty), with the count the result heading shows and, when
// a misspelt word was corrected, the words searched instead.
type SearchPage struct {
	ProductPage
	Total     int    `json:"total"`
	Corrected string `json:"corrected,omitempty"`
}

// Where a word appears in a product, weighed for ranking: a match in the
// name beats one in the tags, then the description, then a colour or size.
const (
	WeightName        = 8
	WeightTags        = 4
	WeightDescription = 2
	WeightVariant     = 1
)

// Suggestion is one of the suggestions under the header's search box:
// a category (a tag) or a product.
type Suggestion struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	ID    string `json:"_id,omitempty"`
	Image string `json:"image,omitempty"`
}

// The kinds of Suggestion.
const (
	SuggestCategory = "category"
	SuggestProduct  = "product"
)

// Suggestions come after MinSuggestLength characters, at most
// MaxSuggestions of them.
const (
	MinSuggestLength = 2
	MaxSuggestions   = 6
)

// MinTypoLength is the shortest word search corrects by one edit: shorter
// words are too often another word one edit away.
const MinTypoLength = 4

// SearchDocument is what the index holds of a product.
type SearchDocument struct {
	Name, Description string
	Tags              []string
	// Variants are colours (variant names) and size codes.
	Variants []string
}

// SearchTerms returns the index's words of a product with the weight of
// the best place each appears in.
func (d SearchDocument) SearchTerms() map[string]int {
	terms := map[string]int{}
	add := func(text string, weight int) {
		for _, w := range IndexWords(text) {
			if terms[w] < weight {
				terms[w] = weight
			}
		}
	}
	add(d.Name, WeightName)
	add(strings.Join(d.Tags, " "), WeightTags)
	add(d.Description, WeightDescription)
	add(strings.Join(d.Variants, " "), WeightVariant)
	return terms
}

// wordRune tells whether r is part of a word. Marks count as letters:
// Devanagari writes vowels as combining marks (खादी).
func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// joiner is punctuation inside a word that shoppers leave out or keep at
// will: t-shirt and tshirt, graphic_tee, O'Brien.
func joiner(r rune) bool {
	return r == '-' || r == '_' || r == '\'' || r == '’'
}

// chunks splits text into lowercase runs of word runes and joiners, each
// cut at its joiners into parts.
func chunks(text string) [][]string {
	var out [][]string
	for _, f := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !wordRune(r) && !joiner(r) }) {
		parts := strings.FieldsFunc(f, joiner)
		if len(parts) > 0 {
			out = append(out, parts)
		}
	}
	return out
}

// IndexWords returns the words the index holds for text: each word with
// its joiners taken out (t-shirt is tshirt), and also the parts of a
// joined word when none is a lone letter (polo-neck is polo and neck too,
// but t-shirt is not a shirt), and a lone letter joined to the word after
// it (T Shirt is tshirt too), each in its singular form.
func IndexWords(text string) []string {
	var words []string
	prev := ""
	for _, parts := range chunks(text) {
		joined := strings.Join(parts, "")
		words = append(words, Singular(joined))
		// QueryWords joins a lone letter to the next word: so does the index.
		if utf8.RuneCountInString(prev) == 1 {
			words = append(words, Singular(prev+joined))
		}
		prev = joined
		if len(parts) > 1 && !slices.ContainsFunc(parts, func(p string) bool { return utf8.RuneCountInString(p) == 1 }) {
			for _, p := range parts {
				words = append(words, Singular(p))
			}
		}
	}
	return words
}

// QueryWords returns the words of a search keyword as the index holds
// them. A lone letter is joined to the word after it, so that "t shirt"
// is tshirt.
func QueryWords(keyword string) []string {
	var joined []string
	pending := ""
	for _, parts := range chunks(keyword) {
		w := pending + strings.Join(parts, "")
		pending = ""
		if utf8.RuneCountInString(w) == 1 {
			pending = w
			continue
		}
		joined = append(joined, w)
	}
	if pending != "" {
		joined = append(joined, pending)
	}
	words := make([]string, 0, len(joined))
	for _, w := range joined {
		if s := Singular(w); !slices.Contains(words, s) {
			words = append(words, s)
		}
	}
	return words
}

// Singular takes the plural s off an English word (polos, tees, kurtas),
// leaving words that end in ss or us, and short ones, as they are.
func Singular(w string) string {
	if utf8.RuneCountInString(w) < 4 || !strings.HasSuffix(w, "s") {
		return w
	}
	for _, keep := range []string{"ss", "us"} {
		if strings.HasSuffix(w, keep) {
			return w
		}
	}
	return strings.TrimSuffix(w, "s")
}

// builtInSynonyms are the equivalences every shop has; owners add their
// own in Settings.Synonyms.
var builtInSynonyms = [][]string{
	{"tshirt", "tee"},
	{"trouser", "pant"},
	{"sneaker", "trainer"},
}

// Alternatives returns word and the words the synonym groups make
// equivalent to it, word first. Groups hold words as the owner typed them.
func Alternatives(word string, groups [][]string) []string {
	alts := []string{word}
	for _, g := range slices.Concat(builtInSynonyms, groups) {
		canon := make([]string, 0, len(g))
		for _, w := range g {
			canon = append(canon, QueryWords(w)...)
		}
		if !slices.Contains(canon, word) {
			continue
		}
		for _, w := range canon {
			if !slices.Contains(alts, w) {
				alts = append(alts, w)
			}
		}
	}
	return alts
}

// WithinOneEdit tells whether a becomes b by inserting, deleting or
// changing one letter, or swapping two neighbours.
func WithinOneEdit(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(y)-len(x) > 1 {
		return false
	}
	i := 0
	for i < len(x) && x[i] == y[i] {
		i++
	}
	if i == len(x) {
		return true
	}
	if len(x) == len(y) {
		if string(x[i+1:]) == string(y[i+1:]) {
			return true
		}
		return i+1 < len(x) && x[i] == y[i+1] && x[i+1] == y[i] && string(x[i+2:]) == string(y[i+2:])
	}
	return string(x[i:]) == string(y[i+1:])
}

// Correctable tells whether a query word is long enough to correct.
func Correctable(word string) bool {
	return utf8.RuneCountInString(word) >= MinTypoLength
}
