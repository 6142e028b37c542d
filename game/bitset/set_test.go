package bitset

import (
	"math/big"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// toBig is s as a 128-bit number, the definition every method follows.
func toBig(s Set) *big.Int {
	b := new(big.Int).SetUint64(s.Hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(s.Lo))
}

// TestAgainstBigInt checks every method against math/big on random sets.
func TestAgainstBigInt(t *testing.T) {
	rng := gametest.Rand(t)
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	for range 2000 {
		s := Set{Lo: rng.Uint64() & rng.Uint64(), Hi: rng.Uint64() & rng.Uint64()}
		u := Set{Lo: rng.Uint64(), Hi: rng.Uint64()}
		k := uint(rng.IntN(128))
		bs, bu := toBig(s), toBig(u)
		if got, want := toBig(s.Shl(k)), new(big.Int).And(new(big.Int).Lsh(bs, k), mask); got.Cmp(want) != 0 {
			t.Fatalf("%v.Shl(%d) = %v, want %v", s, k, got, want)
		}
		if got, want := toBig(s.Shr(k)), new(big.Int).Rsh(bs, k); got.Cmp(want) != 0 {
			t.Fatalf("%v.Shr(%d) = %v, want %v", s, k, got, want)
		}
		if got, want := toBig(s.And(u)), new(big.Int).And(bs, bu); got.Cmp(want) != 0 {
			t.Fatal("And")
		}
		if got, want := toBig(s.Or(u)), new(big.Int).Or(bs, bu); got.Cmp(want) != 0 {
			t.Fatal("Or")
		}
		if got, want := toBig(s.AndNot(u)), new(big.Int).AndNot(bs, bu); got.Cmp(want) != 0 {
			t.Fatal("AndNot")
		}
		if s.Less(u) != (bs.Cmp(bu) < 0) {
			t.Fatal("Less")
		}
		elems := s.Append(nil)
		var each []int
		s.Each(func(i int) { each = append(each, i) })
		if len(elems) != s.Len() || len(each) != len(elems) {
			t.Fatalf("%v: Append %v, Each %v, Len %d", s, elems, each, s.Len())
		}
		for j, i := range elems {
			if !s.Has(i) || bs.Bit(i) != 1 || each[j] != i || (j > 0 && elems[j-1] >= i) {
				t.Fatalf("%v: element %d listed wrongly", s, i)
			}
		}
		if len(elems) > 0 && (s.Lowest() != elems[0] || s.Highest() != elems[len(elems)-1]) {
			t.Fatalf("%v: Lowest %d, Highest %d, elements %v", s, s.Lowest(), s.Highest(), elems)
		}
	}
	if (Set{}).Lowest() != -1 || (Set{}).Highest() != -1 || !(Set{}).IsEmpty() || (Set{}).Has(-1) || (Set{}).Has(128) {
		t.Error("empty set")
	}
}
