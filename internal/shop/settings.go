package shop

import (
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
	// SizeChart is the shop's size chart (a line a size), shown on the
	// page of a product without one of its own.
	SizeChart string `json:"sizeChart"`
}

// MaxReturnsNoteLength keeps the note to what a product page can show.
const MaxReturnsNoteLength = 300

// DefaultSettings are a new shop's settings.
func DefaultSettings() Settings {
	return Settings{ReturnsNote: "Easy returns within 7 days of delivery."}
}

// Normalize trims what the owner typed.
func (s *Settings) Normalize() {
	s.ReturnsNote = strings.TrimSpace(s.ReturnsNote)
	s.SizeChart = strings.TrimSpace(s.SizeChart)
}

// Check says what is wrong with the settings, in the owner's words.
func (s Settings) Check() error {
	if utf8.RuneCountInString(s.ReturnsNote) > MaxReturnsNoteLength {
		return Errorf(Invalid, "The returns note can be at most %d characters", MaxReturnsNoteLength)
	}
	if utf8.RuneCountInString(s.SizeChart) > MaxSizeChartLength {
		return Errorf(Invalid, "The size chart must be at most %d characters", MaxSizeChartLength)
	}
	return nil
}
