package sg

import "testing"

// generator16 returns the least generator of the multiplicative group of
// the nimbers below 2^16: an element whose powers g^(65535/p) differ from
// 1 for each prime p of 65535 = 3·5·17·257.
func generator16() uint16 {
	for g := uint64(2); ; g++ {
		ok := true
		for _, p := range [...]uint64{3, 5, 17, 257} {
			if powSlow(g, order16/p, 16) == 1 {
				ok = false
				break
			}
		}
		if ok {
			return uint16(g)
		}
	}
}

func powSlow(a, e uint64, bits uint) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 != 0 {
			r = mulSlow(r, a, bits)
		}
		a = mulSlow(a, a, bits)
	}
	return r
}

func TestGenerator16(t *testing.T) {
	if g := generator16(); g != gen16 {
		t.Errorf("least generator of GF(2^16)* is %d, gen16 is %d", g, gen16)
	}
	// The tables are a bijection: every nonzero x has one logarithm.
	fieldTables()
	for x := 1; x < 1<<16; x++ {
		if exp16[log16[x]] != uint16(x) {
			t.Fatalf("exp(log(%d)) = %d", x, exp16[log16[x]])
		}
	}
	// expLog reduces every sum of up to three logarithms modulo 65535.
	for s := uint32(0); s <= 3*(order16-1); s += 7 {
		if got, want := expLog(s), uint32(exp16[s%order16]); got != want {
			t.Fatalf("expLog(%d) = %d, want gen^(%d mod 65535) = %d", s, got, s, want)
		}
	}
	if got, want := expLog(3*(order16-1)), uint32(exp16[(3*(order16-1))%order16]); got != want {
		t.Fatalf("expLog at the largest sum = %d, want %d", got, want)
	}
}

func TestLive(t *testing.T) {
	for _, c := range [][3]uint32{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {0xffff, 0, 0}, {1, 1, ^uint32(0)}, {0xffff, 0xffff, ^uint32(0)}, {2, 0x8000, ^uint32(0)}} {
		if got := live(c[0], c[1]); got != c[2] {
			t.Errorf("live(%d, %d) = %#x, want %#x", c[0], c[1], got, c[2])
		}
	}
}
