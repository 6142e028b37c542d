//go:build race

package search_test

// raceDetector says the tests run under the race detector, which makes
// them 5–10 times slower: the longest shrink or skip (see quick).
const raceDetector = true
