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
	for l := zeroLog; l < 1<<19; l += 997 {
		if exp16[l] != 0 {
			t.Fatalf("exp16[%d] = %d, want 0 in the zero region", l, exp16[l])
		}
	}
}
