package nim

import "github.com/impartial-go/impartial/game"

// Test-only names for the unexported game types, which the tests search
// to check the closed forms.
type (
	NimGame        = nimGame
	MisereGame     = misereGame
	MiserePosition = miserePosition
)

// MisereOver is the terminal position of MisereGame.
var MisereOver = miserePosition{over: true}

// MisereHeaps is the misère position with heaps h.
func MisereHeaps(h game.Heaps) miserePosition { return miserePosition{heaps: h} }
