package sequence

import (
	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/sequence/internal/moves"
)

// ruleName returns r's String() when it has one, else its Go type.
func ruleName(r game.HeapRule) string { return moves.RuleName(r) }
