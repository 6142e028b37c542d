package sequence

import (
	"fmt"
	"iter"
	"math/bits"
	"runtime"
	"unsafe"

	"github.com/impartial-go/impartial/sg"
)

// Sequence holds the value sequence G(0), G(1), …, G(Len()-1) of a heap
// game: G(n) is the Grundy value of a single heap of n tokens. It stores
// each value in 1 byte while every value is below 256, in 2 bytes while
// every value is below 65536, and in 8 bytes after that, so the 2^28 heaps
// of a long octal-game run fit in 512 MiB. Widening converts the stored
// values once; [Sequence.Append] is amortized O(1).
//
// A Sequence is not safe for concurrent use while it grows; once complete
// it may be read by any number of goroutines.
type Sequence struct {
	// Exactly one of b8, b16 and b64 holds the values, as width says
	// (1, 2 or 8 bytes per value); the others are nil. Engines in this
	// package (the direct engine here and the sparse engine in
	// sparse*.go) read the active slice directly in their inner loops:
	// after any call of Append they must re-read it, because Append may
	// reallocate it or widen the sequence to the next slice.
	width int
	b8    []uint8
	b16   []uint16
	b64   []sg.Nimber
	// max is the largest value appended so far.
	max sg.Nimber
	// ahead is the number of values the run that fills the sequence is to
	// compute, when known (see reserveAhead).
	ahead int
}

// New returns an empty sequence with room for capacity values at 1 byte
// each (capacity < 0 counts as 0). The capacity is a hint: at most 2^20
// values are reserved at once, and the sequence grows as values are
// appended, so a huge capacity does not allocate a huge array up front.
func New(capacity int) *Sequence {
	return &Sequence{width: 1, b8: make([]uint8, 0, min(max(capacity, 0), maxReserve))}
}

// maxReserve is the most values New reserves.
const maxReserve = 1 << 20

// Len returns the number of values held: G(0) … G(Len()-1).
func (s *Sequence) Len() int {
	switch s.width {
	case 2:
		return len(s.b16)
	case 8:
		return len(s.b64)
	}
	return len(s.b8)
}

// At returns G(n). It panics when n is not in [0, Len()), like a slice
// index (a programmer error).
func (s *Sequence) At(n int) sg.Nimber {
	switch s.width {
	case 2:
		return sg.Nimber(s.b16[n])
	case 8:
		return s.b64[n]
	}
	return sg.Nimber(s.b8[n])
}

// Append adds G(Len()) = v, widening the storage when v does not fit.
func (s *Sequence) Append(v sg.Nimber) {
	if s.width == 0 { // the zero Sequence
		s.width = 1
	}
	if v > s.max {
		s.max = v
		s.widen(v)
	}
	switch s.width {
	case 1:
		s.b8 = append(s.b8, uint8(v))
	case 2:
		s.b16 = append(s.b16, uint16(v))
	default:
		s.b64 = append(s.b64, v)
	}
}

// widen converts the storage so that v fits.
func (s *Sequence) widen(v sg.Nimber) {
	switch {
	case s.width == 1 && v >= 1<<8 && v < 1<<16:
		w := make([]uint16, len(s.b8), max(cap(s.b8), len(s.b8)+1))
		for i, x := range s.b8 {
			w[i] = uint16(x)
		}
		s.b8, s.b16, s.width = nil, w, 2
	case s.width == 1 && v >= 1<<16:
		// (Values this large are rare: the 8-byte array grows as values
		// come, rather than taking 8 times the room reserved.)
		w := make([]sg.Nimber, len(s.b8), len(s.b8)+1)
		for i, x := range s.b8 {
			w[i] = sg.Nimber(x)
		}
		s.b8, s.b64, s.width = nil, w, 8
	case s.width == 2 && v >= 1<<16:
		w := make([]sg.Nimber, len(s.b16), len(s.b16)+1)
		for i, x := range s.b16 {
			w[i] = sg.Nimber(x)
		}
		s.b16, s.b64, s.width = nil, w, 8
	}
}

// adopt makes the values written into the spare room of the active slice
// (by an engine that stores them directly, see sparse_pair.go) part of
// the sequence, up to n values in all; top is the largest of them, which
// must fit the current width.
func (s *Sequence) adopt(n int, top sg.Nimber) {
	switch s.width {
	case 2:
		s.b16 = s.b16[:n]
	case 8:
		s.b64 = s.b64[:n]
	default:
		s.b8 = s.b8[:n]
	}
	s.max = max(s.max, top)
}

// reserve makes room for n values in all, so that growing to n values
// allocates once: exactly n, or the length announced by reserveAhead
// when n values are large. The new room is not written: fresh memory from
// the operating system stays untouched until values are stored.
func (s *Sequence) reserve(n int) {
	if n <= s.capacity() {
		return
	}
	if s.ahead > n && n*s.bytesPerValue() >= aheadFrom {
		n = s.ahead
	}
	switch s.width {
	case 2:
		s.b16 = grown(s.b16, n)
	case 8:
		s.b64 = grown(s.b64, n)
	default:
		s.width = 1
		s.b8 = grown(s.b8, n)
	}
}

// reserveAhead announces that the sequence is to hold n values in all:
// on 64-bit platforms, once it is long enough that growing it by copying
// costs memory (aheadFrom bytes), reserve makes room for all n values at
// once, so that the values of a long run are copied at most once, while
// they are still few. Growing a large array by copying holds the old one
// beside the new one, which for a run of 4·10^8 values would take twice
// their memory. Room reserved and not written costs address space only
// when Go takes it fresh from the operating system, which maps its pages
// when they are first written: so it is in a program whose run is its
// largest allocation, such as sgtool (memory that Go reuses is cleared
// first, and so touched). Runs shorter than aheadFrom bytes never reserve
// more than they hold. On 32-bit platforms, whose address space is short,
// and in WebAssembly, whose memory grows for good, the sequence grows as
// it goes.
func (s *Sequence) reserveAhead(n int) {
	if bits.UintSize == 64 && runtime.GOARCH != "wasm" {
		s.ahead = n
	}
}

// aheadFrom is the size in bytes from which reserve makes room for the
// whole length announced by reserveAhead.
const aheadFrom = 1 << 20

// capacity returns the number of values s has room for.
func (s *Sequence) capacity() int {
	switch s.width {
	case 2:
		return cap(s.b16)
	case 8:
		return cap(s.b64)
	}
	return cap(s.b8)
}

// gcBeforeGrowth is the size in bytes from which growing a sequence
// collects garbage first.
const gcBeforeGrowth = 8 << 20

// grown returns vs with capacity at least n.
func grown[T uint8 | uint16 | sg.Nimber](vs []T, n int) []T {
	if cap(vs) >= n {
		return vs
	}
	if n*int(unsafe.Sizeof(vs[0])) >= gcBeforeGrowth {
		// Runs without a known length grow one large array a few times
		// (O(log n) in all). Collecting first means the copy sits beside
		// live data only, not beside garbage.
		runtime.GC()
	}
	w := make([]T, len(vs), n)
	copy(w, vs)
	return w
}

// prefix returns a sequence of the first n values of s that shares its
// storage (clipped, so that appending to it never writes into s).
func (s *Sequence) prefix(n int) *Sequence {
	if n >= s.Len() {
		return s
	}
	p := &Sequence{width: s.width}
	switch s.width {
	case 2:
		p.b16 = s.b16[:n:n]
		p.max = maxOf(p.b16)
	case 8:
		p.b64 = s.b64[:n:n]
		p.max = maxOf(p.b64)
	default:
		p.width = 1
		p.b8 = s.b8[:n:n]
		p.max = maxOf(p.b8)
	}
	return p
}

// maxOf returns the largest of vs, or 0.
func maxOf[T uint8 | uint16 | sg.Nimber](vs []T) sg.Nimber {
	var m T
	for _, v := range vs {
		m = max(m, v)
	}
	return sg.Nimber(m)
}

// Max returns the largest value held (0 for an empty sequence).
func (s *Sequence) Max() sg.Nimber { return s.max }

// bytesPerValue returns the storage used per value: 1, 2 or 8.
func (s *Sequence) bytesPerValue() int { return max(s.width, 1) }

// AppendValues appends G(lo) … G(hi-1) to dst and returns it. It panics
// when lo and hi are not 0 ≤ lo ≤ hi ≤ Len() (a programmer error).
func (s *Sequence) AppendValues(dst []sg.Nimber, lo, hi int) []sg.Nimber {
	if lo < 0 || hi < lo || hi > s.Len() {
		panic(fmt.Sprintf("sequence: Sequence.AppendValues(%d, %d) out of range [0, %d]", lo, hi, s.Len()))
	}
	switch s.width {
	case 2:
		for _, x := range s.b16[lo:hi] {
			dst = append(dst, sg.Nimber(x))
		}
	case 8:
		dst = append(dst, s.b64[lo:hi]...)
	default:
		for _, x := range s.b8[lo:hi] {
			dst = append(dst, sg.Nimber(x))
		}
	}
	return dst
}

// All returns an iterator over the pairs (n, G(n)) in increasing n.
func (s *Sequence) All() iter.Seq2[int, sg.Nimber] {
	return func(yield func(int, sg.Nimber) bool) {
		for n := range s.Len() {
			if !yield(n, s.At(n)) {
				return
			}
		}
	}
}

// String formats the sequence as its values separated by spaces, the
// first 64 of them followed by "…" when there are more.
func (s *Sequence) String() string {
	b := make([]byte, 0, 3*min(s.Len(), 64))
	for n := range min(s.Len(), 64) {
		if n > 0 {
			b = append(b, ' ')
		}
		b = fmt.Appendf(b, "%d", uint64(s.At(n)))
	}
	if s.Len() > 64 {
		b = append(b, " …"...)
	}
	return string(b)
}
