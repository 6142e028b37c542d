package search

import (
	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg/search/internal/tt"
)

// The facts the table holds (see package tt): a value v as v+1, or with
// excluded the values below maskBits the position is known not to have.
const (
	excluded = tt.Excluded
	maskBits = tt.MaskBits
	notZero  = tt.NotZero
)

// merge is tt.Merge: what to keep when new is learnt of a position whose
// fact was old.
func merge(old, new uint32) uint32 { return tt.Merge(old, new) }

// store is what a search asks of its table, for either kind.
type store[P comparable] interface {
	get(p P) uint32
	put(p P, fact uint32, work uint64)
	stats() tt.Stats
}

// packed is the table of a game.Packer.
type packed[P comparable] struct {
	t  *tt.Table
	pk game.Packer[P]
}

func (s packed[P]) get(p P) uint32                    { return s.t.Get(s.pk.Pack(p)) }
func (s packed[P]) put(p P, fact uint32, work uint64) { s.t.Put(s.pk.Pack(p), fact, work) }
func (s packed[P]) stats() tt.Stats                   { return s.t.Stats() }

// mapped is the table of another game.
type mapped[P comparable] struct{ m *tt.Map[P] }

func (s mapped[P]) get(p P) uint32                    { return s.m.Get(p) }
func (s mapped[P]) put(p P, fact uint32, work uint64) { s.m.Put(p, fact, work) }
func (s mapped[P]) stats() tt.Stats                   { return s.m.Stats() }

// The limits of the package are those of the table: the array lengths
// are zero exactly when they are equal (else one is negative, which does
// not compile).
var (
	_ [MaxValue - tt.MaxValue]struct{}
	_ [tt.MaxValue - MaxValue]struct{}
	_ [MinMemory - tt.MinBytes]struct{}
	_ [tt.MinBytes - MinMemory]struct{}
)
