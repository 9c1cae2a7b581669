package shop

import (
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
	// Synonyms are groups of words search takes as one (kurta and kurti),
	// besides the equivalences every shop has (t-shirt and tee).
	Synonyms [][]string `json:"synonyms"`
}

// MaxReturnsNoteLength keeps the note to what a product page can show.
const MaxReturnsNoteLength = 300

// Bounds of the synonym table: every search expands its words through it.
const (
	MaxSynonymGroups     = 50
	MaxSynonymsPerGroup  = 10
	MaxSynonymWordLength = 30
)

// DefaultSettings are a new shop's settings.
func DefaultSettings() Settings {
	return Settings{
		ReturnsNote: "Easy returns within 7 days of delivery.",
		Synonyms:    [][]string{{"kurta", "kurti"}, {"hoodie", "sweatshirt"}},
	}
}

// Normalize trims what the owner typed.
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
}

// Check says what is wrong with the settings, in the owner's words.
func (s Settings) Check() error {
	if utf8.RuneCountInString(s.ReturnsNote) > MaxReturnsNoteLength {
		return Errorf(Invalid, "The returns note can be at most %d characters", MaxReturnsNoteLength)
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
