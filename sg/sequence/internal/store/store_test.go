package store

import (
	"math/bits"
	"testing"
)

// TestReserveAhead: a sequence that knows its length makes room for all of
// it once its values are large, and grows exactly until then.
func TestReserveAhead(t *testing.T) {
	if bits.UintSize != 64 {
		t.Skip("room is reserved ahead on 64-bit platforms only")
	}
	const n = 1 << 24
	s := New(16)
	s.ReserveAhead(n)
	s.Reserve(1000)
	if c := s.Capacity(); c != 1000 {
		t.Errorf("room for 1000 values: capacity %d", c)
	}
	s.Reserve(AheadFrom)
	if c := s.Capacity(); c != n {
		t.Errorf("room for %d values: capacity %d, want all %d", AheadFrom, c, n)
	}
	for range 2000 {
		s.Append(1)
	}
	s.Append(300) // widening keeps the room
	if c := s.Capacity(); c != n || s.W != 2 || s.Len() != 2001 || s.At(1999) != 1 || s.At(2000) != 300 {
		t.Errorf("widened: capacity %d, width %d, %d values", c, s.W, s.Len())
	}
}
