package misere

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/sg"
)

// quotient is the computation shared by [Quotient] (the heaps of a heap
// game) and [GameQuotient] (the components of a closed set of any game):
// the misère quotient of the sums of components 1…max of its rules, and
// what it keeps to extend it. A component is named by its number, as a
// heap by its size; a position is a [game.Heaps] of component numbers.
type quotient struct {
	r    rules
	unit string // what a component is called in messages: "heap", "component"
	op   string // the operation named by limit errors
	cfg  config
	max  int

	g     *idGame
	memo  map[game.Heaps]bool // misère outcomes (true: P) of positions with a component past max
	bufs  [][]game.Heaps      // option buffers, one per search depth
	done  uint64              // positions expanded, for polling the context
	hbuf  []int
	tests []game.Heaps

	monoid // the quotient for components ≤ max

	sizes   []int
	held    int    // positions whose outcomes the last split pass held
	hasMove []bool // hasMove[h]: whether component h has a move
}

func newCore(r rules, unit, op string, opts []Option) quotient {
	return quotient{r: r, unit: unit, op: op, cfg: newConfig(opts), max: -1,
		g: &idGame{r: r, canon: []int{0}}, memo: map[game.Heaps]bool{}, tests: []game.Heaps{""}}
}

// extend computes the quotient for components ≤ n, one component at a
// time, reporting each to the progress function with n as its Max. On
// error the quotient keeps its last completed bound.
func (q *quotient) extend(ctx context.Context, n int) error {
	for m := q.max + 1; m <= n; m++ {
		q.held = 0
		if q.max >= 0 {
			b, err := q.adjoinProven(ctx, m)
			if err != nil {
				return fmt.Errorf("misere: quotient at %s %d: %w", q.unit, m, err)
			}
			if b != nil {
				q.keep(b, m)
				if q.cfg.qprogress != nil {
					q.cfg.qprogress(Progress{Heap: m, Max: n, Order: len(q.reps), Positions: len(q.memo) + q.held})
				}
				continue
			}
		}
		if err := q.bySearch(ctx, m, n); err != nil {
			return err
		}
	}
	return nil
}

// adjoinProven adjoins component m to the proven quotient of the smaller
// ones, with split passes when an element splits; it returns nil when
// neither gives a proven quotient, and exhaustive search must.
func (q *quotient) adjoinProven(ctx context.Context, m int) (*built, error) {
	b, err := q.adjoin(ctx, m)
	if err != nil {
		return nil, err
	}
	if b != nil && q.provenAlready(b, m) {
		return b, nil
	}
	var w []int
	if b != nil {
		if w, err = q.verify(ctx, b, m); err != nil {
			return nil, err
		}
	}
	if b == nil || w != nil {
		return q.adjoinSplit(ctx, m, w)
	}
	return b, nil
}

// keep makes b, proven exact for components ≤ n, the quotient.
func (q *quotient) keep(b *built, n int) {
	b.relate()
	q.monoid, q.max = b.monoid, n
}

// limitError reports a bound reached by the quotient computation.
func (q *quotient) limitError(bound string, limit, need int, detail string) error {
	return &sg.LimitError{Op: q.op, Bound: bound, Limit: int64(limit), Need: int64(need), Detail: detail}
}

// tooMany reports a quotient or candidate of need elements past the
// element limit, or nil.
func (q *quotient) tooMany(need int) error {
	if limit := q.cfg.maxElements; limit > 0 && need > limit {
		return q.limitError("elements", limit, need, "")
	}
	return nil
}

// bySearch computes the quotient for heaps ≤ n by exhaustive search: the
// test positions grow by the classes' representatives until no class
// splits, then by the sub-sums of each position the proof finds wrong (or
// by every position examined), until the classes are proven exact; last
// is the bound Extend was asked for, for progress.
func (q *quotient) bySearch(ctx context.Context, n, last int) error {
	q.g.extend(n)
	for round := 1; ; round++ {
		b, err := q.build(ctx, n, last, round)
		if err != nil {
			return err
		}
		grown := false
		have := make(map[game.Heaps]bool, len(q.tests))
		for _, t := range q.tests {
			have[t] = true
		}
		for _, r := range b.reps {
			if !have[r] {
				have[r] = true
				q.tests = append(q.tests, r)
				grown = true
			}
		}
		if grown {
			continue
		}
		w, err := q.verify(ctx, b, n)
		if err != nil {
			return fmt.Errorf("misere: quotient at %s %d: %w", q.unit, n, err)
		}
		if w == nil {
			q.keep(b, n)
			return nil
		}
		// A position the classes get wrong: its sub-sums become tests, or,
		// when they all are already, every position examined.
		before := len(q.tests)
		for _, t := range subSums(w) {
			if !have[t] {
				have[t] = true
				q.tests = append(q.tests, t)
			}
		}
		if len(q.tests) == before {
			for _, r := range b.examined {
				if !have[r] {
					have[r] = true
					q.tests = append(q.tests, r)
				}
			}
		}
		if len(q.tests) == before {
			return fmt.Errorf("misere: quotient at %s %d: position %v: %w", q.unit, n, w, errUnverified)
		}
	}
}

// monoid is a quotient's table: its generators (heap sizes), each
// element's representative position and word in the generators, the
// product of each element by each generator, the pretending function, the
// P-portion, and the relations with their left-hand words.
type monoid struct {
	gens      []int
	reps      []game.Heaps
	words     [][]int
	next      [][]int
	pretend   []int
	isP       []bool
	relations []string
	lhs       [][]int
	heapKeys  map[string]bool // the states of the components its proof used
	tab       []int32         // the product table, once computed (see table)
}

// built is the result of one pass: a monoid, with the index of its words
// and the positions the pass examined.
type built struct {
	monoid
	index    map[string]int
	examined []game.Heaps
	pending  [][3]int32 // products of link that may give relations (see relate)
}

// outcome returns the misère outcome of the sum of positions a and b.
func (q *quotient) outcome(ctx context.Context, a, b game.Heaps) (bool, error) {
	q.sizes = a.AppendSizes(q.sizes[:0])
	q.sizes = b.AppendSizes(q.sizes)
	p, err := game.MakeHeaps(q.sizes...)
	if err != nil {
		return false, err
	}
	return q.isP0(ctx, q.g.Canonical(p), 0)
}

// isP0 returns whether the canonical position p is a misère P-position.
// A position whose heaps are all at most q.max is read from the quotient,
// proven exact; the others are searched and memoized.
func (q *quotient) isP0(ctx context.Context, p game.Heaps, depth int) (bool, error) {
	if q.max >= 0 {
		x, small := 0, true
		q.hbuf = p.AppendSizes(q.hbuf[:0])
		for _, h := range q.hbuf {
			if h > q.max {
				small = false
				break
			}
			x = q.Mul(x, q.pretend[h])
		}
		if small {
			return q.isP[x], nil
		}
	}
	if v, ok := q.memo[p]; ok {
		return v, nil
	}
	if limit := q.cfg.maxPositions; limit > 0 && len(q.memo) >= limit {
		return false, q.limitError("positions", limit, len(q.memo)+1, "outcomes memoized by exhaustive search")
	}
	q.done++
	if q.done%pollEvery == 0 {
		if err := ctx.Err(); err != nil {
			return false, err
		}
	}
	if depth == len(q.bufs) {
		q.bufs = append(q.bufs, nil)
	}
	q.bufs[depth] = q.g.AppendMoves(q.bufs[depth][:0], p)
	isP := len(q.bufs[depth]) > 0
	for i := 0; i < len(q.bufs[depth]); i++ {
		v, err := q.isP0(ctx, q.g.Canonical(q.bufs[depth][i]), depth+1)
		if err != nil {
			return false, err
		}
		if v {
			isP = false
			break
		}
	}
	q.memo[p] = isP
	return isP, nil
}

// signature returns the outcomes of p plus each test position.
func (q *quotient) signature(ctx context.Context, p game.Heaps) (string, error) {
	sig := make([]byte, (len(q.tests)+7)/8)
	for i, t := range q.tests {
		isP, err := q.outcome(ctx, p, t)
		if err != nil {
			return "", err
		}
		if isP {
			sig[i/8] |= 1 << (i % 8)
		}
	}
	return string(sig), nil
}

func (q *quotient) build(ctx context.Context, n, last, round int) (*built, error) {
	b := &built{index: map[string]int{}, monoid: monoid{pretend: make([]int, n+1)}}
	add := func(p game.Heaps, word []int, sig string) {
		b.index[sig] = len(b.reps)
		b.reps = append(b.reps, p)
		b.words = append(b.words, word)
		b.next = append(b.next, nil)
		b.isP = append(b.isP, sig[0]&1 != 0) // test 0 is the empty position
	}
	sig, err := q.signature(ctx, "")
	if err != nil {
		return nil, fmt.Errorf("misere: quotient at heap 0: %w", err)
	}
	add("", nil, sig)
	b.examined = append(b.examined, "")
	for h := 1; h <= n; h++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("misere: quotient at %s %d: %w", q.unit, h, err)
		}
		p, _ := game.MakeHeaps(h)
		b.examined = append(b.examined, p)
		sig, err := q.signature(ctx, p)
		if err != nil {
			return nil, fmt.Errorf("misere: quotient at %s %d: %w", q.unit, h, err)
		}
		if x, ok := b.index[sig]; ok {
			b.pretend[h] = x
		} else {
			b.gens = append(b.gens, h)
			if err := q.close(ctx, b); err != nil {
				return nil, fmt.Errorf("misere: quotient at %s %d: %w", q.unit, h, err)
			}
			b.pretend[h] = b.next[0][len(b.gens)-1]
		}
		if q.cfg.qprogress != nil {
			q.cfg.qprogress(Progress{Heap: h, Max: last, Round: round, Order: len(b.reps), Positions: len(q.memo)})
		}
	}
	return b, nil
}

// mul is the product of a pass's result, as [Quotient.Mul].
func (b *monoid) mul(x, y int) int {
	for j, e := range b.words[y] {
		for ; e > 0; e-- {
			x = b.next[x][j]
		}
	}
	return x
}

// close fills the products of every element with every generator, adding
// the new elements it meets, and records the relations found.
func (q *quotient) close(ctx context.Context, b *built) error {
	for x := 0; x < len(b.reps); x++ {
		for j := len(b.next[x]); j < len(b.gens); j++ {
			q.sizes = b.reps[x].AppendSizes(q.sizes[:0])
			q.sizes = append(q.sizes, b.gens[j])
			p, _ := game.MakeHeaps(q.sizes...)
			sig, err := q.signature(ctx, p)
			if err != nil {
				return err
			}
			b.examined = append(b.examined, p)
			word := make([]int, len(b.gens))
			copy(word, b.words[x])
			word[j]++
			y, ok := b.index[sig]
			if !ok {
				if err := q.tooMany(len(b.reps) + 1); err != nil {
					return err
				}
				y = len(b.reps)
				b.index[sig] = y
				b.reps = append(b.reps, p)
				b.words = append(b.words, word)
				b.next = append(b.next, nil)
				b.isP = append(b.isP, sig[0]&1 != 0)
			} else if !sameWord(word, b.words[y]) && !implied(word, b.lhs) {
				b.lhs = append(b.lhs, word)
				b.relations = append(b.relations, wordString(word, len(b.gens))+"="+wordString(b.words[y], len(b.gens)))
			}
			b.next[x] = append(b.next[x], y)
		}
	}
	return nil
}

func sameWord(a, b []int) bool {
	n := max(len(a), len(b))
	for i := 0; i < n; i++ {
		if at(a, i) != at(b, i) {
			return false
		}
	}
	return true
}

func at(w []int, i int) int {
	if i < len(w) {
		return w[i]
	}
	return 0
}

// implied reports whether w is a multiple of the left side of a relation.
func implied(w []int, lhs [][]int) bool {
	for _, l := range lhs {
		ok := true
		for i := range l {
			if l[i] > at(w, i) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// genName names generator i: a, b, …, z, then g27, g28, ….
func genName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return "g" + strconv.Itoa(i+1)
}

func wordString(w []int, _ int) string {
	var s strings.Builder
	for i, e := range w {
		if e == 0 {
			continue
		}
		s.WriteString(genName(i))
		if e > 1 {
			s.WriteString("^" + strconv.Itoa(e))
		}
	}
	if s.Len() == 0 {
		return "1"
	}
	return s.String()
}

// Max returns the largest component (the heap bound of an octal game)
// the quotient covers.
func (q *quotient) Max() int { return q.max }

// Order returns the number of elements.
func (q *quotient) Order() int { return len(q.reps) }

// Name returns the word naming element x, such as "ab^2", or "1".
func (q *quotient) Name(x int) string { return wordString(q.words[x], len(q.gens)) }

// IsP reports whether x lies in the P-portion: whether the positions of
// class x are misère P-positions.
func (q *quotient) IsP(x int) bool { return q.isP[x] }

// PPortion returns the elements of the P-portion, in increasing order.
func (q *quotient) PPortion() []int {
	var p []int
	for x, isP := range q.isP {
		if isP {
			p = append(p, x)
		}
	}
	return p
}

// Relations returns a presentation of the quotient: equations between words
// in the generators, such as "a^2=1" and "b^3=b", that together with
// commutativity determine the product. Each was met while closing the
// classes under the generators, and none is a multiple of an earlier
// left side.
func (q *quotient) Relations() []string { return slices.Clone(q.relations) }

// Mul returns the product of elements x and y: the class of the sum of
// their positions.
func (q *quotient) Mul(x, y int) int {
	for j, e := range q.words[y] {
		for ; e > 0; e-- {
			x = q.next[x][j]
		}
	}
	return x
}
