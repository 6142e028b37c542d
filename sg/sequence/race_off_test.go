//go:build !race

package sequence

// raceDetector says the tests run under the race detector.
const raceDetector = false
