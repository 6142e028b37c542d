package bitset_test

import (
	"fmt"

	"github.com/impartial-go/impartial/game/bitset"
)

func ExampleSet() {
	s := bitset.Set{}.With(3).With(70).With(127)
	fmt.Println(s.Len(), s.Lowest(), s.Highest(), s.Has(70), s.Has(71))
	fmt.Println(s.Append(nil))
	fmt.Println(s.Without(70).Shl(1).Append(nil)) // 127 shifts out
	// Output:
	// 3 3 127 true false
	// [3 70 127]
	// [4]
}
