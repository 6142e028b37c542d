package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/misere"
)

// maxMisereHeap bounds the heaps of misere and genus, whose exhaustive
// search grows exponentially with the heaps; the memo limit of package
// misere stops it with an error long before this bound on most games.
const maxMisereHeap = 1 << 12

// defaultQuotientMax is the default -max of quotient.
const defaultQuotientMax = 10

// misereReport is the JSON printed by misere.
type misereReport struct {
	Game    string       `json:"game"`
	Heaps   []int        `json:"heaps"`
	Outcome string       `json:"outcome"`
	Moves   []misereMove `json:"moves"`
}

// misereMove replaces heap number Heap, of From tokens, by the heaps To.
type misereMove struct {
	Heap int   `json:"heap"`
	From int   `json:"from"`
	To   []int `json:"to"`
}

func parseHeap(cmd string, i int, s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > maxMisereHeap {
		if i < 0 {
			return 0, badArg("%s: bad heap %q: want a whole number from 0 to %d", cmd, s, maxMisereHeap)
		}
		return 0, badArg("%s: bad heap %q (heap %d): want a whole number from 0 to %d", cmd, s, i, maxMisereHeap)
	}
	return n, nil
}

// cmdMisere prints the misère outcome of a sum of heaps of a heap game and
// every winning move, found by exhaustive misère search (package misere).
func cmdMisere(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags, ops, err := splitArgs("misere", args, map[string]bool{"mem": true})
	if err != nil {
		return err
	}
	mem, err := memBytes("misere", flags, misere.DefaultMemory, minMisereMem)
	if err != nil {
		return err
	}
	if len(ops) < 1 {
		return badArg("misere: want GAME HEAP…")
	}
	if isNotakto(ops[0]) {
		return cmdMisereNotakto(ctx, ops[1:], stdout)
	}
	r, err := parseGame("misere", ops[0])
	if err != nil {
		return err
	}
	heaps := make([]int, len(ops)-1)
	for i, s := range ops[1:] {
		if heaps[i], err = parseHeap("misere", i, s); err != nil {
			return err
		}
	}
	rep, err := solveMisere(ctx, r, heaps, mem)
	if err != nil {
		return err
	}
	return writeJSON(stdout, rep)
}

func solveMisere(ctx context.Context, r rulesets.Ruleset, heaps []int, mem int64) (misereReport, error) {
	e := misere.NewEngine[game.Heaps](game.NewHeapGame(r), misere.WithMemory(mem))
	p, err := game.MakeHeaps(heaps...)
	if err != nil {
		return misereReport{}, err
	}
	if err := misereFits(ctx, r, heaps, len(p), mem); err != nil {
		return misereReport{}, err
	}
	o, err := e.Outcome(ctx, p)
	if err != nil {
		return misereReport{}, cmdError("misere", err)
	}
	rep := misereReport{Game: r.String(), Heaps: heaps, Outcome: o.String(), Moves: []misereMove{}}
	var hm []game.HeapMove
	for i, h := range heaps {
		if containsInt(heaps[:i], h) {
			continue
		}
		hm = r.AppendHeapMoves(hm[:0], h)
		for _, m := range hm {
			for parts := range game.Partitions(m) {
				next := append(append(append([]int{}, heaps[:i]...), heaps[i+1:]...), parts...)
				q, _ := game.MakeHeaps(next...)
				qo, err := e.Outcome(ctx, q)
				if err != nil {
					return misereReport{}, cmdError("misere", err)
				}
				if qo == sg.P {
					rep.Moves = append(rep.Moves, misereMove{Heap: i, From: h, To: append([]int{}, parts...)})
				}
			}
		}
	}
	return rep, nil
}

// cmdError prefixes err with the command's name, unless its message
// already starts with "misere" (package misere's errors do), so that no
// message says "misere: misere:".
func cmdError(cmd string, err error) error {
	if strings.HasPrefix(err.Error(), "misere") {
		return err
	}
	return fmt.Errorf("%s: %w", cmd, err)
}

// minMisereMem is the least -mem of misere and genus.
const minMisereMem = 1 << 20

// misereFits refuses, before any search, a sum of heaps whose options
// and its first option's would not fit in mem bytes (each a position of
// about size bytes; the search keeps the options of every position on its
// path, and an option has about as many as the sum): it counts them
// without making them, checking ctx as it goes.
func misereFits(ctx context.Context, r rulesets.Ruleset, heaps []int, size int, mem int64) error {
	var count int64
	var hm []game.HeapMove
	for i, h := range heaps {
		if containsInt(heaps[:i], h) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return cmdError("misere", err)
		}
		hm = r.AppendHeapMoves(hm[:0], h)
		for _, m := range hm {
			for range game.Partitions(m) {
				count++
			}
		}
	}
	if need := 2 * count * int64(size+40); need > mem {
		return &sg.LimitError{Op: "misere", Bound: "memory", Limit: mem, Need: need,
			Detail: fmt.Sprintf("%d heaps have %d moves, each to a position of about %d bytes; raise -mem or give fewer heaps", len(heaps), count, size)}
	}
	return nil
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// genusReport is the JSON printed by genus.
type genusReport struct {
	Game  string `json:"game"`
	Heap  int    `json:"heap"`
	Genus string `json:"genus"`
	Tame  bool   `json:"tame"`
}

// cmdGenus prints Conway's genus of one heap of a heap game and whether
// the heap is tame.
func cmdGenus(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags, ops, err := splitArgs("genus", args, map[string]bool{"mem": true})
	if err != nil {
		return err
	}
	mem, err := memBytes("genus", flags, misere.DefaultMemory, minMisereMem)
	if err != nil {
		return err
	}
	if len(ops) != 2 {
		return badArg("genus: want GAME HEAP")
	}
	r, err := parseGame("genus", ops[0])
	if err != nil {
		return err
	}
	h, err := parseHeap("genus", -1, ops[1])
	if err != nil {
		return err
	}
	e := misere.NewEngine[game.Heaps](game.NewHeapGame(r), misere.WithMemory(mem))
	p, _ := game.MakeHeaps(h)
	g, err := e.Genus(ctx, p)
	if err != nil {
		return cmdError("genus", err)
	}
	tame, err := e.IsTame(ctx, p)
	if err != nil {
		return cmdError("genus", err)
	}
	return writeJSON(stdout, genusReport{Game: r.String(), Heap: h, Genus: g.String(), Tame: tame})
}

// quotientReport is the JSON printed by quotient.
type quotientReport struct {
	Code       string   `json:"code"`
	Max        int      `json:"max"`
	Order      int      `json:"order"`
	Generators []int    `json:"generators"`
	PPortion   []string `json:"p_portion"`
	Pretending []string `json:"pretending"`
	Relations  []string `json:"relations"`
	// Complete, ProvedAt, Period and Preperiod are set when
	// [misere.Quotient.Periodic] proves the quotient to be that of every
	// heap bound: the pretending function repeats with Period from heap
	// Preperiod on, which the bound ProvedAt (≤ Max) suffices to prove.
	Complete  bool `json:"complete,omitempty"`
	ProvedAt  int  `json:"proved_at,omitempty"`
	Period    int  `json:"period,omitempty"`
	Preperiod int  `json:"preperiod,omitempty"`
}

// cmdQuotient prints the misère quotient of an octal game restricted to
// heaps of at most -max tokens, computed on -workers goroutines (all the
// processors by default; the quotient is the same for any number); with
// -progress, or on a terminal, it reports each heap adjoined on stderr.
func cmdQuotient(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	flags, ops, err := splitArgs("quotient", args, map[string]bool{"max": true, "progress": false, "workers": true})
	if err != nil {
		return err
	}
	if len(ops) != 1 {
		return badArg("quotient: want CODE [-max N] [-progress] [-workers N]")
	}
	if isNotakto(ops[0]) {
		return cmdQuotientNotakto(ctx, stdout)
	}
	n := defaultQuotientMax
	if s, ok := flags["max"]; ok {
		n, err = strconv.Atoi(s)
		if err != nil || n < 0 || n > misere.MaxHeapBound {
			return badArg("quotient: bad -max %q: want a whole number from 0 to %d", s, misere.MaxHeapBound)
		}
	}
	var wopts []misere.Option
	if s, ok := flags["workers"]; ok {
		w, err := strconv.Atoi(s)
		if err != nil || w < 1 || w > maxWorkers {
			return badArg("quotient: bad -workers %q: want a whole number from 1 to %d", s, maxWorkers)
		}
		wopts = append(wopts, misere.WithWorkers(w))
	}
	r, err := parseOctal(ops[0])
	if err != nil {
		return err
	}
	_, force := flags["progress"]
	opts, done := quotientProgress(stderr, force)
	opts = append(opts, wopts...)
	q, err := misere.NewQuotient(ctx, r, n, opts...)
	done()
	if err != nil {
		return err
	}
	rep := quotientReport{Code: q.Code(), Max: n, Order: q.Order(), Generators: q.Generators(),
		PPortion: []string{}, Pretending: make([]string, n+1), Relations: q.Relations()}
	if rep.Generators == nil {
		rep.Generators = []int{}
	}
	if rep.Relations == nil {
		rep.Relations = []string{}
	}
	for _, x := range q.PPortion() {
		rep.PPortion = append(rep.PPortion, q.Name(x))
	}
	for h := 0; h <= n; h++ {
		rep.Pretending[h] = q.Name(q.Pretending(h))
	}
	if n0, p, ok := q.Periodic(); ok {
		// the bound of Periodic's proof: 2·n0 + 2·p + t − 1, t the largest take
		rep.Complete, rep.Preperiod, rep.Period = true, n0, p
		rep.ProvedAt = 2*n0 + 2*p + r.MaxTake() - 1
	}
	return writeJSON(stdout, rep)
}

// parseOctal reads the code of an octal game, or a name of the catalogue
// ("kayles", "dawson", "code:.07") whose rule is an octal code.
func parseOctal(spec string) (*rulesets.TakeBreak, error) {
	r, err := rulesets.ParseCode(spec)
	if err != nil {
		named, nerr := rulesets.Parse(spec)
		if nerr != nil {
			var se *rulesets.SyntaxError
			if errors.As(err, &se) {
				return nil, badArg("quotient: bad CODE: %v", strings.TrimPrefix(err.Error(), "rulesets: "))
			}
			return nil, badArg("quotient: bad CODE %s: %v", quote(spec), err)
		}
		t, ok := named.(*rulesets.TakeBreak)
		if !ok {
			return nil, badArg("quotient: bad CODE: %s is not a take-and-break code", quote(spec))
		}
		r = t
	}
	digits, repeat, ok := r.Digits()
	if !ok {
		return nil, badArg("quotient: bad CODE: code %s: not an octal game", quote(spec))
	}
	for i, d := range append(digits, repeat...) {
		if d > 7 {
			return nil, badArg("quotient: bad CODE: code %s has digit %X (d%d): not an octal game", quote(spec), d, i)
		}
	}
	return r, nil
}

// quotientProgress returns the option that reports each heap a quotient
// computation completes on stderr, when it is a terminal or force is set,
// as progress does for value sequences, and a function that ends the
// progress line.
func quotientProgress(stderr io.Writer, force bool) ([]misere.Option, func()) {
	show, end := progressLine(stderr, force)
	if show == nil {
		return nil, end
	}
	start := time.Now()
	opt := misere.WithQuotientProgress(func(p misere.Progress) {
		if p.Round != 0 {
			return // a pass of exhaustive search, within a heap
		}
		show(fmt.Sprintf("heap %d/%d, %d elements, %v", p.Heap, p.Max, p.Order, time.Since(start).Round(time.Millisecond)))
	})
	return []misere.Option{opt}, end
}
