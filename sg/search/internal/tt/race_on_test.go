//go:build race

package tt

// raceDetector says the tests run under the race detector, which makes
// them 5–10 times slower: the longest shrink (see quick).
const raceDetector = true
