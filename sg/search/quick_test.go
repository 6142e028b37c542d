package search_test

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// quick reports whether the tests are to stay short: under the race
// detector, unless the long tests are on (gametest.Long). The default
// run without -race checks everything.
func quick() bool { return raceDetector && !gametest.Long() }

// trials returns n, or n/4 (at least 4) when quick.
func trials(n int) int {
	if quick() {
		return max(4, n/4)
	}
	return n
}

// skipWhenQuick skips t when quick: a test of one goroutine's search
// that the default run checks, too slow under the race detector to
// repeat there.
func skipWhenQuick(t *testing.T) {
	t.Helper()
	if quick() {
		t.Skipf("checked without -race; under -race set %s=1 to run it", gametest.LongEnv)
	}
}
