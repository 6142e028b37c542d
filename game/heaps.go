package game

import (
	"encoding/binary"
	"fmt"
	"iter"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Heaps is a position of a heap game: a multiset of nonempty heap sizes,
// stored sorted in a string so that it is comparable and can key a memo.
// The zero value is the empty position. Make one with [MakeHeaps].
type Heaps string

// MakeHeaps returns the position with the given heap sizes, in any order.
// Zero heaps are dropped. It returns an error naming the index of a
// negative size.
func MakeHeaps(sizes ...int) (Heaps, error) {
	s := make([]int, 0, len(sizes))
	for i, n := range sizes {
		if n < 0 {
			return "", fmt.Errorf("game: heap %d has negative size %d", i, n)
		}
		if n > 0 {
			s = append(s, n)
		}
	}
	slices.Sort(s)
	return Heaps(appendHeaps(nil, s...)), nil
}

// appendHeaps appends the encoding of the sorted sizes to buf.
func appendHeaps(buf []byte, sorted ...int) []byte {
	for _, n := range sorted {
		buf = binary.AppendUvarint(buf, uint64(n))
	}
	return buf
}

// AppendSizes appends the heap sizes of h, smallest first, to dst. A
// Heaps not made by [MakeHeaps] may be malformed (see [Heaps.Check]): its
// sizes are then those before the first fault.
func (h Heaps) AppendSizes(dst []int) []int {
	for s := string(h); len(s) > 0; {
		v, n := uvarint(s)
		if n <= 0 {
			break
		}
		s = s[n:]
		dst = append(dst, int(v))
	}
	return dst
}

// uvarint decodes the size at the start of s and its length in bytes, or
// returns n ≤ 0 when s does not start with a well-formed size (cut short,
// or larger than the largest int).
func uvarint(s string) (v uint64, n int) {
	var shift uint
	for i := 0; i < len(s) && i < binary.MaxVarintLen64; i++ {
		b := s[i]
		v |= uint64(b&0x7f) << shift
		shift += 7
		if b < 0x80 {
			if v > math.MaxInt || (i == binary.MaxVarintLen64-1 && b > 1) {
				return 0, -1
			}
			return v, i + 1
		}
	}
	return 0, 0
}

// Check returns nil when h is well formed, as [MakeHeaps] makes it, and an
// error naming h and the offset of the first fault otherwise: a size cut
// short, too large, written with more bytes than it needs (so that one
// position would have two encodings), zero, or out of order.
func (h Heaps) Check() error {
	prev := uint64(1)
	for i := 0; i < len(h); {
		v, n := uvarint(string(h[i:]))
		switch {
		case n <= 0:
			return fmt.Errorf("game: heaps %q: malformed size at byte %d", string(h), i)
		case n > 1 && h[i+n-1] == 0:
			return fmt.Errorf("game: heaps %q: size %d at byte %d has a needless zero byte", string(h), v, i)
		case v < prev:
			return fmt.Errorf("game: heaps %q: size %d at byte %d is zero or out of order", string(h), v, i)
		}
		prev = v
		i += n
	}
	return nil
}

// Sizes returns the heap sizes of h, smallest first.
func (h Heaps) Sizes() []int { return h.AppendSizes(nil) }

// String formats h as "(1, 2, 3)"; the empty position is "()".
func (h Heaps) String() string {
	var b strings.Builder
	b.WriteByte('(')
	for i, n := range h.Sizes() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(n))
	}
	b.WriteByte(')')
	return b.String()
}

// HeapGame plays a [HeapRule] on positions made of several heaps. It is a
// [Game] over [Heaps] and a [Decomposer] (each heap is a component), so the
// engine in package sg memoizes single heaps; it is the bridge that lets the
// generic engine and the exhaustive search check the fast value-sequence
// code of package sg on the same rules.
//
// Moves are enumerated in full (every way to leave Remain tokens as Parts
// heaps), so HeapGame suits small heaps; it allocates a string per position.
// It is a [MoveCounter] too: [HeapGame.NumMoves] counts them from the rule,
// so an engine refuses a heap with too many options before listing them.
// A HeapGame keeps scratch buffers and is not safe for concurrent use.
type HeapGame struct {
	Rule HeapRule

	sizes  []int
	moves  []HeapMove
	parts  []int
	next   []int
	offs   []int
	want   []int
	plays  []HeapPlay
	encBuf []byte
}

// NewHeapGame returns the heap game played with rule r.
func NewHeapGame(r HeapRule) *HeapGame { return &HeapGame{Rule: r} }

// AppendComponents appends each heap of p as a one-heap position.
func (g *HeapGame) AppendComponents(dst []Heaps, p Heaps) []Heaps {
	g.sizes = p.AppendSizes(g.sizes[:0])
	if len(g.sizes) == 1 {
		return append(dst, p)
	}
	for _, n := range g.sizes {
		dst = append(dst, g.encode(n))
	}
	return dst
}

// encode returns the position with the given sorted sizes, reusing the
// game's encoding buffer (the string conversion is the one allocation).
func (g *HeapGame) encode(sorted ...int) Heaps {
	g.encBuf = appendHeaps(g.encBuf[:0], sorted...)
	return Heaps(g.encBuf)
}

// AppendMoves appends every position reachable from p by one move on one
// heap. Equal heaps are expanded once.
func (g *HeapGame) AppendMoves(dst []Heaps, p Heaps) []Heaps {
	g.sizes = p.AppendSizes(g.sizes[:0])
	sizes := g.sizes
	for i, n := range sizes {
		if i > 0 && sizes[i-1] == n {
			continue
		}
		g.moves = g.Rule.AppendHeapMoves(g.moves[:0], n)
		for _, m := range g.moves {
			appendPartitions(g.parts[:0], m, func(parts []int) bool {
				g.parts = parts[:0] // keep the grown buffer
				g.next = append(g.next[:0], sizes[:i]...)
				g.next = append(g.next, sizes[i+1:]...)
				g.next = append(g.next, parts...)
				slices.Sort(g.next)
				dst = append(dst, g.encode(g.next...))
				return true
			})
		}
	}
	return dst
}

// Partitions returns the ways to leave m.Remain tokens as m.Parts nonempty
// heaps, each as sizes in nondecreasing order (strictly increasing when
// m.Unequal), smallest first part first. Parts 0 yields one empty list when
// Remain is 0. The slice yielded is reused from one iteration to the next:
// copy it to keep it. There are about Remain^(Parts-1) partitions, so this
// suits small heaps or small Parts.
func Partitions(m HeapMove) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		var parts []int
		appendPartitions(parts, m, yield)
	}
}

// appendPartitions calls f with each partition described by m, appended to
// buf, until f returns false; it reports whether f never did.
func appendPartitions(buf []int, m HeapMove, f func([]int) bool) bool {
	if m.Parts == 0 {
		return m.Remain != 0 || f(buf)
	}
	if m.Parts < 0 || m.Remain < m.Parts {
		return true
	}
	var rec func(buf []int, left, k, min int) bool
	rec = func(buf []int, left, k, min int) bool {
		if k == 1 {
			return left < min || f(append(buf, left))
		}
		for a := min; a*k <= left; a++ {
			next := a
			if m.Unequal {
				next = a + 1
			}
			if !rec(append(buf, a), left-a, k-1, next) {
				return false
			}
		}
		return true
	}
	return rec(buf, m.Remain, m.Parts, 1)
}

// HeapPlay is a move of a heap game labelled for a player: on a row of
// heaps listed in the player's order, heap number Heap (an index into the
// row) of From tokens becomes the heaps To, or is removed when To is
// empty. From minus the sum of To is the number of tokens taken.
// [HeapGame.AppendPlays] lists To smallest first; a program may build a
// HeapPlay from a player's input with To in the order typed, which
// [HeapPlay.Apply] keeps.
type HeapPlay struct {
	Heap int
	From int
	To   []int
}

// Taken returns the number of tokens the move removes: From minus the
// tokens left in To.
func (m HeapPlay) Taken() int {
	left := 0
	for _, n := range m.To {
		left += n
	}
	return m.From - left
}

// Apply returns a new row of heaps: sizes with heap m.Heap replaced by the
// heaps m.To, in place, or by a 0 when m removes it, so that the heaps
// before it keep their numbers and an emptied heap keeps its place. It
// panics if m.Heap is not an index of sizes (a programmer's error: m was
// not listed for that row).
func (m HeapPlay) Apply(sizes []int) []int {
	out := make([]int, 0, len(sizes)+len(m.To))
	out = append(out, sizes[:m.Heap]...)
	if len(m.To) == 0 {
		out = append(out, 0)
	} else {
		out = append(out, m.To...)
	}
	return append(out, sizes[m.Heap+1:]...)
}

// AppendPlays appends every move from the row of heaps sizes, labelled
// with the heap it is played on (an index into sizes, which may hold
// zeros and equal heaps in any order): heap by heap in the row's order,
// and for each heap in the order of the rule's HeapMoves, the partitions
// of each smallest part first. Equal heaps are listed separately, since a
// player tells them apart by their place. Unlike AppendMoves, it allocates
// fresh memory for the To slices on every call (a few allocations), so
// that they stay valid and never overlap: a caller may keep or append to
// any of them. It returns dst unchanged when a size is negative.
func (g *HeapGame) AppendPlays(dst []HeapPlay, sizes []int) []HeapPlay {
	start := len(dst)
	var arena []int
	g.offs = g.offs[:0]
	for i, n := range sizes {
		if n < 0 {
			return dst[:start]
		}
		g.moves = g.Rule.AppendHeapMoves(g.moves[:0], n)
		for _, hm := range g.moves {
			appendPartitions(g.parts[:0], hm, func(parts []int) bool {
				g.parts = parts[:0] // keep the grown buffer
				// To is set below, once arena has stopped growing.
				dst = append(dst, HeapPlay{Heap: i, From: n})
				g.offs = append(g.offs, len(arena))
				arena = append(arena, parts...)
				return true
			})
		}
	}
	g.offs = append(g.offs, len(arena))
	for k := start; k < len(dst); k++ {
		if lo, hi := g.offs[k-start], g.offs[k-start+1]; hi > lo {
			dst[k].To = arena[lo:hi:hi]
		}
	}
	return dst
}

// PlayTo returns the first move of [HeapGame.AppendPlays] from the row
// sizes that leads to position to, and false when no move does: it labels
// a move chosen among positions (by an engine or a bot) with the heap it
// was played on.
func (g *HeapGame) PlayTo(sizes []int, to Heaps) (HeapPlay, bool) {
	g.plays = g.AppendPlays(g.plays[:0], sizes)
	g.want = to.AppendSizes(g.want[:0])
	for _, m := range g.plays {
		g.next = g.next[:0]
		for j, n := range sizes {
			if j != m.Heap && n > 0 {
				g.next = append(g.next, n)
			}
		}
		g.next = append(g.next, m.To...)
		slices.Sort(g.next)
		if slices.Equal(g.next, g.want) {
			return m, true
		}
	}
	return HeapPlay{}, false
}
