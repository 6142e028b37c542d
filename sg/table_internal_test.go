package sg

import (
	"fmt"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// TestTableMemoAgreesWithMap runs random operations on the engine's hash
// table and on a Go map side by side: storing values and in-progress
// marks, forgetting positions (as a failed search does), and looking up.
// Keys come from a small range, so that the table fills to its limit of
// three quarters, grows, and has long probe sequences through the slots
// of forgotten positions, which must be reused without losing the
// positions beyond them. Both hashes are checked: the one for any type,
// and the one for ints, which keeps groups of eight together; offset
// moves the keys to negative ints for the latter.
func TestTableMemoAgreesWithMap(t *testing.T) {
	props := gopter.NewProperties(gametest.Parameters(t, 200))
	props.Property("table = map under store, forget and lookup", prop.ForAll(
		func(keys int, ops []uint32, ints bool, offset int) string {
			var m memo[int]
			var load func() (used, slots int)
			if ints {
				t := newIntTableMemo[int]()
				m, load = t, func() (int, int) { return t.used, len(t.slots) }
			} else {
				t := newTableMemo[int]()
				m, load = t, func() (int, int) { return t.used, len(t.slots) }
			}
			model := map[int]cell{}
			for n, op := range ops {
				k := int(op>>8)%keys + offset
				switch op % 4 {
				case 0, 1: // a value, or a value overwriting a mark
					v := cell(op>>4) % 70
					m.store(k, -1, v)
					model[k] = v
				case 2:
					m.enter(k)
					model[k] = inProgress
				case 3:
					m.store(k, -1, unknown)
					delete(model, k)
				}
				if n%256 == 0 || n == len(ops)-1 {
					for k := offset; k < offset+keys; k++ {
						want, ok := model[k]
						if !ok {
							want = unknown
						}
						if got := m.get(k); got != want {
							return fmt.Sprintf("after %d operations, cell of %d = %#x, want %#x", n+1, k, got, want)
						}
					}
				}
			}
			if used, slots := load(); 4*used > 3*slots {
				return fmt.Sprintf("%d of %d slots used, more than three quarters", used, slots)
			}
			return ""
		},
		gen.IntRange(1, 3000), gen.SliceOfN(4000, gen.UInt32()), gen.Bool(), gen.IntRange(-5000, 0),
	))
	props.TestingRun(t)
}

// TestTableMemoKeys checks the table with keys that are not ints: strings
// (hashed through their bytes, not their pointers) and structs, including
// the zero value, which an empty slot also holds.
func TestTableMemoKeys(t *testing.T) {
	s := newTableMemo[string]()
	for i := range 5000 {
		s.store(fmt.Sprint(i), -1, cell(i%50))
	}
	for i := range 5000 {
		if got := s.get(fmt.Sprint(i)); got != cell(i%50) {
			t.Fatalf("cell of %q = %d, want %d", fmt.Sprint(i), got, i%50)
		}
	}
	if got := s.get(""); got != unknown {
		t.Errorf("cell of the empty string = %#x, want unknown", got)
	}
	type pair struct {
		a int8
		b string
	}
	p := newTableMemo[pair]()
	if got := p.get(pair{}); got != unknown {
		t.Errorf("cell of the zero pair in an empty table = %#x, want unknown", got)
	}
	p.store(pair{}, -1, 7)
	p.store(pair{1, "x"}, -1, 8)
	if got := p.get(pair{}); got != 7 {
		t.Errorf("cell of the zero pair = %d, want 7", got)
	}
	p.store(pair{}, -1, unknown)
	if got, other := p.get(pair{}), p.get(pair{1, "x"}); got != unknown || other != 8 {
		t.Errorf("after forgetting the zero pair: cells %#x and %d, want unknown and 8", got, other)
	}
}
