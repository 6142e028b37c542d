//go:build race

package sparse

// raceDetector says the tests run under the race detector, which makes
// them 5–10 times slower: the longest shrink their sizes.
const raceDetector = true
