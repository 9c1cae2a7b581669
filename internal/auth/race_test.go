//go:build race

package auth

// raceDetector: the race detector keeps shadow memory for what a test
// touches, which resident-memory checks cannot tell from the test's own.
const raceDetector = true
