package misere

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// DefaultMaxElements bounds the order of a computed misère quotient unless
// [WithMaxElements] says otherwise.
const DefaultMaxElements = 1 << 12

// MaxHeapBound is the largest heap bound [NewQuotient] accepts. Far smaller
// bounds already exhaust the memo limit for most games; the bound only
// keeps a mistyped number from being taken at its word.
const MaxHeapBound = 1 << 12

// ErrTooLarge is wrapped by the error returned when a quotient would have
// more elements than its limit allows (see [WithMaxElements]).
var ErrTooLarge = errors.New("quotient too large")

// ErrNotOctal is wrapped by the error returned for a code that is not the
// code of an octal game.
var ErrNotOctal = errors.New("not an octal game")

// WithMaxElements bounds the order of a quotient: a computation that finds
// more elements stops with an error wrapping [ErrTooLarge].
func WithMaxElements(n int) Option {
	return func(c *config) { c.maxElements = n }
}

// WithQuotientProgress asks for f to be called after each heap size a
// quotient computation completes. f runs on the computing goroutine.
func WithQuotientProgress(f func(Progress)) Option {
	return func(c *config) { c.qprogress = f }
}

// Progress reports the advance of a quotient computation.
type Progress struct {
	// Heap is the heap size just completed, and Max the bound asked for.
	Heap, Max int
	// Round counts the passes over the heaps when the quotient is computed
	// by exhaustive search: each pass tests equality of positions against
	// a larger set of positions, until no class splits. It is 0 when heap
	// Heap was adjoined to the quotient of the smaller heaps (see
	// [NewQuotient]).
	Round int
	// Order is the number of elements found so far in this round.
	Order int
	// Positions is the number of positions whose misère outcomes are
	// held: memoized by exhaustive search, plus those of the last split
	// pass at heap Heap (see [NewQuotient]).
	Positions int
}

// Quotient is the misère quotient of an octal game restricted to heaps of
// at most Max tokens (Plambeck, Taming the wild in impartial combinatorial
// games, INTEGERS 5 (2005) G5; Plambeck and Siegel, Misère quotients for
// impartial games, J. Combin. Theory Ser. A 115 (2008)). Its elements are
// the classes of positions (sums of such heaps) that no sum with another
// such position tells apart under misère play; they form a commutative
// monoid under the sum of positions, numbered 0 (the empty position) to
// Order()-1. The pretending function maps each heap size to its element,
// and a position is a misère P-position exactly when the product of its
// heaps' elements lies in the P-portion.
//
// Elements are named by words in generators a, b, c, … (the heaps whose
// classes are not products of smaller heaps' classes), with exponents, as
// "ab^2"; the identity is "1".
//
// A Quotient keeps its outcome memo, so [Quotient.Extend] resumes a
// computation at a larger bound. It is not safe for concurrent use while
// Extend runs; its other methods only read it.
type Quotient struct {
	rule *rulesets.TakeBreak
	cfg  config
	max  int

	g     *heapsGame
	memo  map[game.Heaps]bool // misère outcomes (true: P) of positions with a heap past max
	bufs  [][]game.Heaps      // option buffers, one per search depth
	done  uint64              // positions expanded, for polling the context
	hbuf  []int
	tests []game.Heaps

	monoid // the quotient for heaps ≤ max

	sizes []int
	held  int // positions whose outcomes the last split pass held
}

// NewQuotient computes the misère quotient of the octal game with the
// given code (as [rulesets.ParseCode] reads it: "0.07", ".77", "0.[3]")
// restricted to heaps of at most n tokens. The result is exact: every
// quotient is proven before it is kept, as described below.
//
// The construction goes heap by heap, as Plambeck and Siegel (2008,
// sec. 6) and Siegel's MisereSolver do. The quotient of heaps ≤ h is
// proposed from the proven quotient Q of heaps ≤ h−1 by adjoining heap h
// as a new generator x: the outcome of x^k·q is computed from the options
// of heap h and of the smallest position of class q, mapped through the
// pretending function, until the outcomes of x^k repeat (which proves the
// powers of x periodic in the proposal); the pairs x^k·q are then reduced
// to the classes that some product tells apart, and heap h either joins
// an existing element or becomes a generator.
//
// Each proposal is then proven: its product is a commutative monoid, it is
// reduced, and, for every position G (a closure over what a position's
// element and its options' elements say of its sums, adding one heap at a
// time), G is a misère P-position exactly when its element is in the
// P-portion. Then two positions are indistinguishable exactly when they
// have the same element, so the proposal is the quotient.
//
// When the proof fails, an element of Q splits once heap h is present:
// heap h tells apart positions of smaller heaps that Q identifies (for
// 0.07, Dawson's Kayles, at heaps 10, 25, 27 and 30; for 0.77, Kayles, at
// heap 9). The quotient is then found by split passes, as Siegel's
// MisereSolver recalibrates a candidate: the heaps of the position the
// proof found wrong get coordinates of their own (their counts, kept
// modulo a power relation), the other heaps keep their elements of the
// last candidate, heap h is adjoined to this larger monoid as above, and
// the result, reduced by Moore's partition refinement, is the next
// candidate, which the same proof accepts or refutes with a new position.
// Only when the passes stop changing is the quotient of heaps ≤ h computed
// by exhaustive search: positions are put in one class when their sums
// with every test position have the same outcome; the tests grow by the
// classes' representatives, then by the sub-sums of each position a
// candidate gets wrong, until the proof succeeds.
//
// Reach: 0.07 to heap 33 (638 elements; 360 at heap 30, the figure Siegel
// reports), in seconds; past it the candidates outgrow the element limit.
// Kayles and misère Nim are adjoined heap after heap to any bound the
// memo allows.
//
// Errors: a code that does not parse or is not octal (digits 0–7) wraps
// [ErrNotOctal] or is a [*rulesets.SyntaxError]; n outside 0…MaxHeapBound,
// a quotient or candidate with more than the element limit
// ([ErrTooLarge]), an outcome search or split pass holding more outcomes
// than the memo limit ([sg.ErrLimit]), a proof past [MaxVerifyStates]
// states ([ErrTooLarge]) and a done context name the heap reached. What was computed is kept: call Extend on the returned
// quotient (non-nil with these last errors) to resume.
func NewQuotient(ctx context.Context, code string, n int, opts ...Option) (*Quotient, error) {
	r, err := rulesets.ParseCode(code)
	if err != nil {
		return nil, err
	}
	digits, repeat, ok := r.Digits()
	if !ok {
		return nil, fmt.Errorf("misere: code %q: %w", code, ErrNotOctal)
	}
	for i, d := range append(digits, repeat...) {
		if d > 7 {
			return nil, fmt.Errorf("misere: code %q has digit %X (d%d): %w", code, d, i, ErrNotOctal)
		}
	}
	q := &Quotient{rule: r, cfg: newConfig(opts), max: -1}
	q.g = &heapsGame{HeapGame: game.NewHeapGame(r), canon: []int{0}}
	q.memo = map[game.Heaps]bool{}
	q.tests = []game.Heaps{""}
	return q, q.Extend(ctx, n)
}

// Extend computes the quotient for heaps of at most n tokens, reusing the
// outcomes and test positions of the earlier computation; it does nothing
// when n is not above the current bound. On error the quotient keeps its
// last completed bound.
func (q *Quotient) Extend(ctx context.Context, n int) error {
	if n < 0 || n > MaxHeapBound {
		return fmt.Errorf("misere: heap bound %d: want 0 to %d", n, MaxHeapBound)
	}
	if n <= q.max {
		return nil
	}
	for m := q.max + 1; m <= n; m++ {
		q.held = 0
		if q.max >= 0 {
			b, err := q.adjoin(ctx, m)
			if err != nil {
				return fmt.Errorf("misere: quotient at heap %d: %w", m, err)
			}
			var w []int
			if b != nil {
				w, err = q.verify(ctx, b, m)
				if err != nil {
					return fmt.Errorf("misere: quotient at heap %d: %w", m, err)
				}
			}
			if b == nil || w != nil {
				b, err = q.adjoinSplit(ctx, m, w)
				if err != nil {
					return fmt.Errorf("misere: quotient at heap %d: %w", m, err)
				}
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

// keep makes b, proven exact for heaps ≤ n, the quotient.
func (q *Quotient) keep(b *built, n int) {
	q.monoid, q.max = b.monoid, n
}

// bySearch computes the quotient for heaps ≤ n by exhaustive search: the
// test positions grow by the classes' representatives until no class
// splits, then by the sub-sums of each position the proof finds wrong (or
// by every position examined), until the classes are proven exact; last
// is the bound Extend was asked for, for progress.
func (q *Quotient) bySearch(ctx context.Context, n, last int) error {
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
			return fmt.Errorf("misere: quotient at heap %d: %w", n, err)
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
			return fmt.Errorf("misere: quotient at heap %d: position %v: %w", n, w, errUnverified)
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
}

// built is the result of one pass: a monoid, with the index of its words
// and the positions the pass examined.
type built struct {
	monoid
	index    map[string]int
	examined []game.Heaps
}

// outcome returns the misère outcome of the sum of positions a and b.
func (q *Quotient) outcome(ctx context.Context, a, b game.Heaps) (bool, error) {
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
func (q *Quotient) isP0(ctx context.Context, p game.Heaps, depth int) (bool, error) {
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
	if q.cfg.memoLimit > 0 && len(q.memo) >= q.cfg.memoLimit {
		return false, fmt.Errorf("%d positions memoized at %v: %w", len(q.memo), p, sg.ErrLimit)
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
func (q *Quotient) signature(ctx context.Context, p game.Heaps) (string, error) {
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

func (q *Quotient) build(ctx context.Context, n, last, round int) (*built, error) {
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
			return nil, fmt.Errorf("misere: quotient at heap %d: %w", h, err)
		}
		p, _ := game.MakeHeaps(h)
		b.examined = append(b.examined, p)
		sig, err := q.signature(ctx, p)
		if err != nil {
			return nil, fmt.Errorf("misere: quotient at heap %d: %w", h, err)
		}
		if x, ok := b.index[sig]; ok {
			b.pretend[h] = x
		} else {
			b.gens = append(b.gens, h)
			if err := q.close(ctx, b); err != nil {
				return nil, fmt.Errorf("misere: quotient at heap %d: %w", h, err)
			}
			b.pretend[h] = b.next[0][len(b.gens)-1]
		}
		if q.cfg.qprogress != nil {
			q.cfg.qprogress(Progress{Heap: h, Max: last, Round: round, Order: len(b.reps), Positions: len(q.memo)})
		}
	}
	return b, nil
}

// mul is [Quotient.Mul] on a pass's result.
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
func (q *Quotient) close(ctx context.Context, b *built) error {
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
				if len(b.reps) >= q.cfg.maxElements && q.cfg.maxElements > 0 {
					return fmt.Errorf("more than %d elements: %w", q.cfg.maxElements, ErrTooLarge)
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

// Code returns the code of the game, as [rulesets.TakeBreak.Code] writes it.
func (q *Quotient) Code() string { return q.rule.Code() }

// Max returns the heap bound the quotient was computed for.
func (q *Quotient) Max() int { return q.max }

// Order returns the number of elements.
func (q *Quotient) Order() int { return len(q.reps) }

// Name returns the word naming element x, such as "ab^2", or "1".
func (q *Quotient) Name(x int) string { return wordString(q.words[x], len(q.gens)) }

// Generators returns the heap sizes whose classes generate the quotient,
// named a, b, c, … in this order.
func (q *Quotient) Generators() []int { return slices.Clone(q.gens) }

// Representative returns the smallest position found in class x.
func (q *Quotient) Representative(x int) game.Heaps { return q.reps[x] }

// IsP reports whether x lies in the P-portion: whether the positions of
// class x are misère P-positions.
func (q *Quotient) IsP(x int) bool { return q.isP[x] }

// PPortion returns the elements of the P-portion, in increasing order.
func (q *Quotient) PPortion() []int {
	var p []int
	for x, isP := range q.isP {
		if isP {
			p = append(p, x)
		}
	}
	return p
}

// Pretending returns the element of a heap of h tokens, 0 ≤ h ≤ Max; it
// panics on a heap outside that range, a programmer error.
func (q *Quotient) Pretending(h int) int { return q.pretend[h] }

// Relations returns a presentation of the quotient: equations between words
// in the generators, such as "a^2=1" and "b^3=b", that together with
// commutativity determine the product. Each was met while closing the
// classes under the generators, and none is a multiple of an earlier
// left side.
func (q *Quotient) Relations() []string { return slices.Clone(q.relations) }

// Mul returns the product of elements x and y: the class of the sum of
// their positions.
func (q *Quotient) Mul(x, y int) int {
	for j, e := range q.words[y] {
		for ; e > 0; e-- {
			x = q.next[x][j]
		}
	}
	return x
}

// Element returns the element of the sum of heaps of the given sizes, or
// an error naming a heap outside 0…Max.
func (q *Quotient) Element(heaps ...int) (int, error) {
	x := 0
	for i, h := range heaps {
		if h < 0 || h > q.max {
			return 0, fmt.Errorf("misere: heap %d has size %d: the quotient of %s covers heaps 0 to %d", i, h, q.rule.Code(), q.max)
		}
		x = q.Mul(x, q.pretend[h])
	}
	return x, nil
}

// Outcome returns the misère outcome of the sum of heaps of the given
// sizes, read from the quotient.
func (q *Quotient) Outcome(heaps ...int) (sg.Outcome, error) {
	x, err := q.Element(heaps...)
	if err != nil {
		return 0, err
	}
	if q.isP[x] {
		return sg.P, nil
	}
	return sg.N, nil
}

// Move is a move in a sum of heaps: heap number Heap, of From tokens, is
// replaced by the heaps To (none when it is taken away).
type Move struct {
	Heap int
	From int
	To   []int
}

// WinningMoves returns every move from the sum of heaps of the given sizes
// to a misère P-position, read from the quotient: heap i becomes parts
// whose product with the other heaps' elements lies in the P-portion.
// Equal heaps are listed once (the first of them).
func (q *Quotient) WinningMoves(heaps ...int) ([]Move, error) {
	if _, err := q.Element(heaps...); err != nil {
		return nil, err
	}
	var win []Move
	var hm []game.HeapMove
	for i, h := range heaps {
		if slices.Contains(heaps[:i], h) {
			continue
		}
		rest := 0
		for j, k := range heaps {
			if j != i {
				rest = q.Mul(rest, q.pretend[k])
			}
		}
		hm = q.rule.AppendHeapMoves(hm[:0], h)
		for _, m := range hm {
			for parts := range game.Partitions(m) {
				x := rest
				for _, k := range parts {
					x = q.Mul(x, q.pretend[k])
				}
				if q.isP[x] {
					win = append(win, Move{Heap: i, From: h, To: slices.Clone(parts)})
				}
			}
		}
	}
	return win, nil
}

// heapsGame plays a heap rule on [game.Heaps], and canonicalizes a position
// by replacing each heap by the smallest heap that is the same game (whose
// options are the same positions, after this replacement), dropping heaps
// that have no move (they are the empty game). Equal games may replace
// each other in any sum, so outcomes are unchanged.
type heapsGame struct {
	*game.HeapGame
	canon []int // canon[h]: the smallest heap that is the same game as h; 0 when h has no move
	buf   []int
	opts  []game.Heaps
}

func (g *heapsGame) Canonical(p game.Heaps) game.Heaps {
	g.buf = p.AppendSizes(g.buf[:0])
	changed := false
	k := 0
	for _, h := range g.buf {
		c := h
		if h < len(g.canon) {
			c = g.canon[h]
		}
		changed = changed || c != h
		if c != 0 {
			g.buf[k] = c
			k++
		}
	}
	if !changed {
		return p
	}
	q, _ := game.MakeHeaps(g.buf[:k]...)
	return q
}

// extend fills canon up to heap n.
func (g *heapsGame) extend(n int) {
	seen := map[string]int{}
	for h := 1; h < len(g.canon); h++ {
		if g.canon[h] == h {
			seen[g.optionKey(h)] = h
		}
	}
	for h := len(g.canon); h <= n; h++ {
		key := g.optionKey(h)
		c, ok := seen[key]
		switch {
		case key == "":
			c = 0
		case !ok:
			c = h
			seen[key] = h
		}
		g.canon = append(g.canon, c)
	}
}

// optionKey lists the canonical options of heap h, sorted and deduplicated.
func (g *heapsGame) optionKey(h int) string {
	p, _ := game.MakeHeaps(h)
	g.opts = g.AppendMoves(g.opts[:0], p)
	keys := make([]string, 0, len(g.opts))
	for _, o := range g.opts {
		keys = append(keys, string(g.Canonical(o)))
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	if len(keys) == 0 {
		return ""
	}
	return strings.Join(keys, "\x00") + "|"
}

// smallestPositions finds, for each of m elements, a smallest position
// made of the given heaps whose element it is: starting from element 0
// (the empty position), adding heap h to a position of element x gives
// one of element add(x, h) and costs weight(h) > 0. It returns the least
// cost of each element (-1 for one no position reaches) and the heaps of
// a position of that cost, in the order they were added, by relaxation
// (Bellman–Ford: costs only fall, so it ends).
func smallestPositions(m int, heaps []int, weight func(h int) int, add func(x, h int) int) ([]int, [][]int) {
	cost := make([]int, m)
	small := make([][]int, m)
	for x := 1; x < m; x++ {
		cost[x] = -1
	}
	for changed := true; changed; {
		changed = false
		for x := range m {
			if cost[x] < 0 {
				continue
			}
			for _, h := range heaps {
				y := add(x, h)
				if t := cost[x] + weight(h); cost[y] < 0 || t < cost[y] {
					cost[y], small[y] = t, append(slices.Clone(small[x]), h)
					changed = true
				}
			}
		}
	}
	return cost, small
}
