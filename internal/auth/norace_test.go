//go:build !race

package auth

const raceDetector = false
