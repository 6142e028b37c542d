package splits

import (
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// TestRangeFewMatchesRange checks RangeWords with its comparison of whole
// words for few values (rangeFew) against RangeWords without it
// (FewNeeds 0), and whether they find every value against Range, on random 1-byte value
// tables, one to three split sizes, equal parts allowed or not, windows
// [a0, a1) that start and end anywhere, and one to four needed values
// (some above 255, which no split of 1-byte values gives, and some given
// by no split): both ways of RangeWords must return the same count left,
// resume point and steps, and leave the same needs; Range the same count
// left.
func TestRangeFewMatchesRange(t *testing.T) {
	r := gametest.Rand(t)
	var n1, n2, n3 Tab
	found, none := 0, 0
	for range 5000 {
		alpha := 2 + r.IntN(200)
		top := 40 + r.IntN(600)
		vals := make([]uint8, top+1)
		for i := range vals {
			vals[i] = uint8(r.IntN(alpha))
		}
		two := []int{top}
		for len(two) < 3 && r.IntN(2) == 0 {
			two = append(two, two[len(two)-1]-1-r.IntN(5))
		}
		uneq := make([]bool, len(two))
		for i := range uneq {
			uneq[i] = r.IntN(2) == 0
		}
		var list []int
		for range 1 + r.IntN(4) {
			v := r.IntN(alpha + 10)
			if r.IntN(8) == 0 {
				v += 256
			}
			if n1[v] == 0 {
				list = append(list, v)
				n1[v], n2[v], n3[v] = 1, 1, 1
			}
		}
		a0 := 1 + r.IntN(40)
		a1 := a0 + r.IntN(top)
		left1, next1, steps1 := RangeWords(vals, two, uneq, &n1, list, len(list), a0, a1)
		old := FewNeeds
		FewNeeds = 0
		left2, next2, steps2 := RangeWords(vals, two, uneq, &n2, list, len(list), a0, a1)
		FewNeeds = old
		left3, _, _ := Range(vals, two, uneq, &n3, list, len(list), a0, a1)
		if left1 != left2 || next1 != next2 || steps1 != steps2 || n1 != n2 || left1 != left3 {
			t.Fatalf("two %v uneq %v list %v [%d, %d): RangeWords %d %d %d, without rangeFew %d %d %d, Range %d left",
				two, uneq, list, a0, a1, left1, next1, steps1, left2, next2, steps2, left3)
		}
		if left1 == 0 {
			found++
		} else {
			none++
		}
		for _, v := range list {
			n1[v], n2[v], n3[v] = 0, 0, 0
		}
	}
	if found < 500 || none < 500 {
		t.Errorf("%d scans found every value and %d did not: too few of one kind", found, none)
	}
}
