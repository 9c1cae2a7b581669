package shop

import "unicode/utf8"

// MaxKeywordLength bounds a search keyword, in characters: ample for a
// phrase, and far below SQLite's limit on a LIKE pattern (50,000 bytes),
// past which the search failed instead of answering.
const MaxKeywordLength = 100

// CheckKeyword refuses a search keyword longer than MaxKeywordLength.
func CheckKeyword(k string) error {
	if utf8.RuneCountInString(k) > MaxKeywordLength {
		return invalid("The search keyword must be at most %d characters", MaxKeywordLength)
	}
	return nil
}
