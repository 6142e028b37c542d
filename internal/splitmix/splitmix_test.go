package splitmix

import "testing"

// TestMix checks Mix against SplitMix64's published first output for the
// seed 0 (the generator adds 0x9e3779b97f4a7c15, then mixes), and that
// it is not the identity on small words.
func TestMix(t *testing.T) {
	if got, want := Mix(0x9e3779b97f4a7c15), uint64(0xe220a8397b1dcdaf); got != want {
		t.Errorf("Mix(golden gamma) = %#x, want %#x", got, want)
	}
	seen := map[uint64]bool{}
	for x := range uint64(1 << 12) {
		y := Mix(x)
		if seen[y] || (x != 0 && y == x) {
			t.Fatalf("Mix(%d) = %#x repeats or is fixed", x, y)
		}
		seen[y] = true
	}
}
