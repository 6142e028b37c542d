package sequence

// bigLimit and maxBlock bound the tail blocks that tailPeriod examines,
// and so its scratch memory (4 bytes per value of a block) and the periods
// it can find (half a block). Blocks grow to max(bigLimit, n/3) values for
// n values, but not past maxBlock: so periods up to 2^19 are always found,
// and longer ones up to n/6 (and 2^26); the scratch memory stays below
// 4 MiB or 4n/3 bytes. (The bound n/3 is what lets .1777, period
// 60,620,715, be certified at the 443,139,470 values its window needs.)
// Past bigLimit, blocks also stop growing once a periodic tail of a quarter
// of the values has been found.
const (
	bigLimit = 1 << 20
	maxBlock = 1 << 27
)

// tailPeriod finds the smallest period p of the values v(0) … v(n-1) in a
// periodic tail, and the tail's smallest start e. For L ≤ b, the KMP
// failure function of the last b values read backwards gives π(L), the
// smallest period of the last L values, which never decreases as L grows;
// each maximal run of L with the same π = q and L ≥ 2q is a candidate, and
// when the run reaches the block's start the periodic stretch is extended
// backwards. Blocks double in size (b = 2, 4, 8, … up to the limits of
// bigLimit and maxBlock), so short periods are found with little work and
// memory.
//
// tailPeriod returns the candidate of smallest p for which accept(e, p)
// holds; failing that, the one of smallest p whose periodic part covers at
// least half the values and two periods (found true), if any. It runs in
// O(n log n) time at worst and O(n) when the period is found early, with
// 4 bytes of scratch memory per value of the largest block examined.
//
// The hint is the candidate with the longest periodic stretch (at least
// two periods), even when it covers less than half the values: Period uses
// it to compute how far to go next.
func tailPeriod(n int, v func(int) uint64, accept func(e, p int) bool, fail *[]int32) (e, p int, accepted, found bool, hint [2]int) {
	hintLen := 0
	tail := 0 // the longest stretch found by extending a run backwards
	noMore := false
	for b := min(n, 2); b > 0; {
		f := blockFailure(v, n-b, b, fail)
		next := 2 * b
		for l := 1; l <= b; {
			q := l - int(f[l])
			m := l // the run of lengths with smallest period q is l … m
			for m < b && m+1-int(f[m+1]) == q {
				m++
			}
			if 2*q <= m {
				start := n - m
				if m == b {
					for start > 0 && v(start-1) == v(start-1+q) {
						start--
					}
					tail = max(tail, n-start)
					// A tail of length L with smallest period q and no
					// longer q-periodic stretch excludes every other
					// periodic tail of period q' ≤ L - q (by the theorem of
					// Fine and Wilf their overlap would have period
					// gcd(q, q') = q, extending the q-stretch): only
					// q' > L - q, in tails of at least 2q', remain.
					if 2*(n-start-q) >= n {
						noMore = true
					}
					// Blocks up to this stretch show the same runs.
					for next <= n-start {
						next *= 2
					}
				}
				if n-start > hintLen {
					hint, hintLen = [2]int{start, q}, n-start
				}
				if accept(start, q) {
					return start, q, true, true, hint
				}
				if l := n - start; !found && 2*l >= n && l >= 2*q {
					e, p, found = start, q, true
				}
			}
			l = m + 1
		}
		// Past bigLimit values, larger blocks are examined only while no
		// substantial periodic tail has been found: they cost 4 bytes a
		// value and could only find periods longer than that tail.
		limit := min(max(bigLimit, n/3), maxBlock)
		if noMore || b == n || b >= limit || next > bigLimit && 4*tail >= n {
			break
		}
		b = min(next, n, limit)
	}
	return e, p, false, found, hint
}

// blockFailure returns the KMP failure function f of the block
// v(lo+b-1), v(lo+b-2), …, v(lo) (the block read backwards): f[L] is the
// length of the longest proper border of its first L values, so the last
// L values of the block have smallest period L - f[L].
func blockFailure(v func(int) uint64, lo, b int, buf *[]int32) []int32 {
	if cap(*buf) < b+1 {
		*buf = nil // let the old buffer go first
		*buf = make([]int32, b+1)
	}
	f := (*buf)[:b+1]
	hi := lo + b - 1 // x(i) = v(hi - i)
	f[0] = -1
	k := int32(-1)
	for i := range b {
		for k >= 0 && v(hi-int(k)) != v(hi-i) {
			k = f[k]
		}
		k++
		f[i+1] = k
	}
	return f
}
