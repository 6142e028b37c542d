//go:build !race

package sparse

// raceDetector says the tests run under the race detector.
const raceDetector = false
