// Package store holds the values of a value sequence, G(0), G(1), …, in 1,
// 2 or 8 bytes each, for package sequence (whose Sequence wraps a [Seq])
// and for the engines that fill it (the direct engine of package sequence
// and the sparse-space engine of internal/sparse), which read and write
// its active slice directly.
package store

import (
	"fmt"
	"iter"
	"math/bits"
	"runtime"
	"unsafe"

	"github.com/impartial-go/impartial/sg"
)

// Seq holds the value sequence G(0), G(1), …, G(Len()-1) of a heap
// game: G(n) is the Grundy value of a single heap of n tokens. It stores
// each value in 1 byte while every value is below 256, in 2 bytes while
// every value is below 65536, and in 8 bytes after that, so the 2^28 heaps
// of a long octal-game run fit in 512 MiB. Widening converts the stored
// values once; [Seq.Append] is amortized O(1).
//
// A Seq is not safe for concurrent use while it grows; once complete
// it may be read by any number of goroutines.
type Seq struct {
	// Exactly one of B8, B16 and B64 holds the values, as W says
	// (1, 2 or 8 bytes per value; 0 in the zero Seq, which is empty);
	// the others are nil. The engines (the direct engine of package
	// sequence and the sparse engine of internal/sparse) read the active
	// slice directly in their inner loops: after any call of Append they
	// must re-read it, because Append may reallocate it or widen the
	// sequence to the next slice.
	W   int
	B8  []uint8
	B16 []uint16
	B64 []sg.Nimber
	// Top is the largest value appended so far.
	Top sg.Nimber
	// ahead is the number of values the run that fills the sequence is to
	// compute, when known (see ReserveAhead).
	ahead int
}

// New returns an empty sequence with room for capacity values at 1 byte
// each (capacity < 0 counts as 0). The capacity is a hint: at most 2^20
// values are reserved at once, and the sequence grows as values are
// appended, so a huge capacity does not allocate a huge array up front.
func New(capacity int) *Seq {
	return &Seq{W: 1, B8: make([]uint8, 0, min(max(capacity, 0), maxReserve))}
}

// maxReserve is the most values New reserves.
const maxReserve = 1 << 20

// Len returns the number of values held: G(0) … G(Len()-1).
func (s *Seq) Len() int {
	switch s.W {
	case 2:
		return len(s.B16)
	case 8:
		return len(s.B64)
	}
	return len(s.B8)
}

// At returns G(n). It panics when n is not in [0, Len()), like a slice
// index (a programmer error).
func (s *Seq) At(n int) sg.Nimber {
	switch s.W {
	case 2:
		return sg.Nimber(s.B16[n])
	case 8:
		return s.B64[n]
	}
	return sg.Nimber(s.B8[n])
}

// Append adds G(Len()) = v, widening the storage when v does not fit.
func (s *Seq) Append(v sg.Nimber) {
	if s.W == 0 { // the zero Seq
		s.W = 1
	}
	if v > s.Top {
		s.Top = v
		s.widen(v)
	}
	switch s.W {
	case 1:
		s.B8 = append(s.B8, uint8(v))
	case 2:
		s.B16 = append(s.B16, uint16(v))
	default:
		s.B64 = append(s.B64, v)
	}
}

// widen converts the storage so that v fits.
func (s *Seq) widen(v sg.Nimber) {
	switch {
	case s.W == 1 && v >= 1<<8 && v < 1<<16:
		w := make([]uint16, len(s.B8), max(cap(s.B8), len(s.B8)+1))
		for i, x := range s.B8 {
			w[i] = uint16(x)
		}
		s.B8, s.B16, s.W = nil, w, 2
	case s.W == 1 && v >= 1<<16:
		// (Values this large are rare: the 8-byte array grows as values
		// come, rather than taking 8 times the room reserved.)
		w := make([]sg.Nimber, len(s.B8), len(s.B8)+1)
		for i, x := range s.B8 {
			w[i] = sg.Nimber(x)
		}
		s.B8, s.B64, s.W = nil, w, 8
	case s.W == 2 && v >= 1<<16:
		w := make([]sg.Nimber, len(s.B16), len(s.B16)+1)
		for i, x := range s.B16 {
			w[i] = sg.Nimber(x)
		}
		s.B16, s.B64, s.W = nil, w, 8
	}
}

// Adopt makes the values written into the spare room of the active slice
// (by an engine that stores them directly, see internal/sparse) part of
// the sequence, up to n values in all; top is the largest of them, which
// must fit the current width.
func (s *Seq) Adopt(n int, top sg.Nimber) {
	switch s.W {
	case 2:
		s.B16 = s.B16[:n]
	case 8:
		s.B64 = s.B64[:n]
	default:
		s.B8 = s.B8[:n]
	}
	s.Top = max(s.Top, top)
}

// Reserve makes room for n values in all, so that growing to n values
// allocates once: exactly n, or the length announced by ReserveAhead
// when n values are large. The new room is not written: fresh memory from
// the operating system stays untouched until values are stored.
func (s *Seq) Reserve(n int) {
	if n <= s.Capacity() {
		return
	}
	if s.ahead > n && n*s.BytesPerValue() >= AheadFrom {
		n = s.ahead
	}
	switch s.W {
	case 2:
		s.B16 = grown(s.B16, n)
	case 8:
		s.B64 = grown(s.B64, n)
	default:
		s.W = 1
		s.B8 = grown(s.B8, n)
	}
}

// ReserveAhead announces that the sequence is to hold n values in all:
// on 64-bit platforms, once it is long enough that growing it by copying
// costs memory (AheadFrom bytes), Reserve makes room for all n values at
// once, so that the values of a long run are copied at most once, while
// they are still few. Growing a large array by copying holds the old one
// beside the new one, which for a run of 4·10^8 values would take twice
// their memory. Room reserved and not written costs address space only
// when Go takes it fresh from the operating system, which maps its pages
// when they are first written: so it is in a program whose run is its
// largest allocation, such as sgtool (memory that Go reuses is cleared
// first, and so touched). Runs shorter than AheadFrom bytes never reserve
// more than they hold. On 32-bit platforms, whose address space is short,
// and in WebAssembly, whose memory grows for good, the sequence grows as
// it goes.
func (s *Seq) ReserveAhead(n int) {
	if bits.UintSize == 64 && runtime.GOARCH != "wasm" {
		s.ahead = n
	}
}

// AheadFrom is the size in bytes from which Reserve makes room for the
// whole length announced by ReserveAhead.
const AheadFrom = 1 << 20

// capacity returns the number of values s has room for.
func (s *Seq) Capacity() int {
	switch s.W {
	case 2:
		return cap(s.B16)
	case 8:
		return cap(s.B64)
	}
	return cap(s.B8)
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
func (s *Seq) Prefix(n int) *Seq {
	if n >= s.Len() {
		return s
	}
	p := &Seq{W: s.W}
	switch s.W {
	case 2:
		p.B16 = s.B16[:n:n]
		p.Top = maxOf(p.B16)
	case 8:
		p.B64 = s.B64[:n:n]
		p.Top = maxOf(p.B64)
	default:
		p.W = 1
		p.B8 = s.B8[:n:n]
		p.Top = maxOf(p.B8)
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
func (s *Seq) Max() sg.Nimber { return s.Top }

// bytesPerValue returns the storage used per value: 1, 2 or 8.
func (s *Seq) BytesPerValue() int { return max(s.W, 1) }

// AppendValues appends G(lo) … G(hi-1) to dst and returns it. It panics
// when lo and hi are not 0 ≤ lo ≤ hi ≤ Len() (a programmer error).
func (s *Seq) AppendValues(dst []sg.Nimber, lo, hi int) []sg.Nimber {
	if lo < 0 || hi < lo || hi > s.Len() {
		panic(fmt.Sprintf("sequence: Seq.AppendValues(%d, %d) out of range [0, %d]", lo, hi, s.Len()))
	}
	switch s.W {
	case 2:
		for _, x := range s.B16[lo:hi] {
			dst = append(dst, sg.Nimber(x))
		}
	case 8:
		dst = append(dst, s.B64[lo:hi]...)
	default:
		for _, x := range s.B8[lo:hi] {
			dst = append(dst, sg.Nimber(x))
		}
	}
	return dst
}

// All returns an iterator over the pairs (n, G(n)) in increasing n.
func (s *Seq) All() iter.Seq2[int, sg.Nimber] {
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
func (s *Seq) String() string {
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
