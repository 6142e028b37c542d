//go:build !race

package impartial_test

// raceEnabled: the tests run under the race detector.
const raceEnabled = false
