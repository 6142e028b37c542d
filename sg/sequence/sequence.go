package sequence

import (
	"iter"

	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence/internal/store"
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
	// v holds the values (internal/store); the engines read and write
	// its active slice directly.
	v store.Seq
}

// New returns an empty sequence with room for capacity values at 1 byte
// each (capacity < 0 counts as 0). The capacity is a hint: at most 2^20
// values are reserved at once, and the sequence grows as values are
// appended, so a huge capacity does not allocate a huge array up front.
func New(capacity int) *Sequence {
	return &Sequence{v: *store.New(capacity)}
}

// Len returns the number of values held: G(0) … G(Len()-1).
func (s *Sequence) Len() int { return s.v.Len() }

// At returns G(n). It panics when n is not in [0, Len()), like a slice
// index (a programmer error).
func (s *Sequence) At(n int) sg.Nimber { return s.v.At(n) }

// Append adds G(Len()) = v, widening the storage when v does not fit.
func (s *Sequence) Append(v sg.Nimber) { s.v.Append(v) }

// Max returns the largest value held (0 for an empty sequence).
func (s *Sequence) Max() sg.Nimber { return s.v.Top }

// AppendValues appends G(lo) … G(hi-1) to dst and returns it. It panics
// when lo and hi are not 0 ≤ lo ≤ hi ≤ Len() (a programmer error).
func (s *Sequence) AppendValues(dst []sg.Nimber, lo, hi int) []sg.Nimber {
	return s.v.AppendValues(dst, lo, hi)
}

// All returns an iterator over the pairs (n, G(n)) in increasing n.
func (s *Sequence) All() iter.Seq2[int, sg.Nimber] { return s.v.All() }

// String formats the sequence as its values separated by spaces, the
// first 64 of them followed by "…" when there are more.
func (s *Sequence) String() string { return s.v.String() }

// prefix returns a sequence of the first n values of s that shares its
// storage (see [store.Seq.Prefix]).
func (s *Sequence) prefix(n int) *Sequence {
	if n >= s.Len() {
		return s
	}
	return &Sequence{v: *s.v.Prefix(n)}
}

// bytesPerValue returns the storage used per value: 1, 2 or 8.
func (s *Sequence) bytesPerValue() int { return s.v.BytesPerValue() }

// reserve makes room for n values in all (see [store.Seq.Reserve]).
func (s *Sequence) reserve(n int) { s.v.Reserve(n) }

// reserveAhead announces that the sequence is to hold n values in all
// (see [store.Seq.ReserveAhead]).
func (s *Sequence) reserveAhead(n int) { s.v.ReserveAhead(n) }
