package sparse

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// quick reports whether the tests run at their small sizes: by default,
// under -short and under the race detector. IMPARTIAL_LONG=1 (see
// gametest.Long) runs the large sizes, without -short and -race; every
// assertion runs at both.
func quick() bool { return testing.Short() || raceDetector || !gametest.Long() }
