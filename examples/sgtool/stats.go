package main

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/sequence"
)

// statsBlock is the statistics of G(0) … G(Values-1), printed by
// values -stats for the whole run and for each power-of-two prefix. A
// heap is rare when its value has an even number of 1-bits under the
// report's rare_mask (Flammenkamp's sparse set, range type).
type statsBlock struct {
	Values       int    `json:"values"`         // heaps 0 … values-1
	Max          uint64 `json:"max"`            // largest value
	MaxAt        int    `json:"max_at"`         // first heap with the largest value
	LastNew      int    `json:"last_new"`       // the last heap whose value had not occurred before
	LastNewValue uint64 `json:"last_new_value"` // G(last_new)
	Distinct     int    `json:"distinct"`       // number of distinct values
	Rare         int    `json:"rare"`           // number of rare heaps
	LastRare     int    `json:"last_rare"`      // the last rare heap
	Counts       []int  `json:"counts"`         // counts[v]: heaps with value v
}

// statsReport is the JSON printed by values -stats; the field order is the
// key order.
type statsReport struct {
	Game string `json:"game"`
	// RareMask is the mask, on at most statsMaskBits value bits, that makes
	// the fewest heaps rare (the smallest such mask on a tie), 0 when every
	// value is 0.
	RareMask  uint64 `json:"rare_mask"`
	Preperiod int    `json:"preperiod"` // the certified period, if any, as period prints it
	Period    int    `json:"period"`    // 0: none certified within the values
	Certified bool   `json:"certified"`
	statsBlock
	Prefixes []statsBlock `json:"prefixes"` // heaps 0 … 2^k-1 for 2^10 ≤ 2^k < values
}

// statsMaskBits bounds the value bits a rare mask may use (4096 masks
// tried), as in the sparse-space engine.
const statsMaskBits = 12

// statsMaxValue bounds the values values -stats counts: the count table
// has one entry per value up to the largest.
const statsMaxValue = 1 << 26

// statsFirstPrefix is the smallest prefix reported.
const statsFirstPrefix = 1 << 10

// statsAcc accumulates the statistics of a value sequence read in order.
type statsAcc struct {
	n        int
	counts   []int
	last     []int // last[v]: the last heap with value v so far
	max      uint64
	maxAt    int
	lastNew  int
	newValue uint64
	distinct int
	next     int          // the next prefix length to snapshot
	prefixes []statsBlock // snapshots, rare fields filled by finish
	lasts    [][]int      // last at each snapshot
}

func newStatsAcc() *statsAcc { return &statsAcc{next: statsFirstPrefix} }

// add records G(a.n) = v.
func (a *statsAcc) add(v sg.Nimber) error {
	x := uint64(v)
	if x >= statsMaxValue {
		return badArg("values: -stats counts values below %d, and G(%d) = %d", statsMaxValue, a.n, x)
	}
	if int(x) >= len(a.counts) {
		grow := max(int(x)+1, 2*len(a.counts))
		a.counts = append(a.counts, make([]int, grow-len(a.counts))...)
		a.last = append(a.last, make([]int, grow-len(a.last))...)
	}
	if a.counts[x] == 0 {
		a.distinct++
		a.lastNew, a.newValue = a.n, x
	}
	if a.n == 0 || x > a.max {
		a.max, a.maxAt = x, a.n
	}
	a.counts[x]++
	a.last[x] = a.n
	a.n++
	if a.n == a.next {
		a.prefixes = append(a.prefixes, a.block())
		a.lasts = append(a.lasts, slices.Clone(a.last[:a.max+1]))
		a.next *= 2
	}
	return nil
}

// block returns the statistics so far, without the rare fields.
func (a *statsAcc) block() statsBlock {
	var counts []int
	if a.n > 0 {
		counts = slices.Clone(a.counts[:a.max+1])
	}
	return statsBlock{Values: a.n, Max: a.max, MaxAt: a.maxAt, LastNew: a.lastNew,
		LastNewValue: a.newValue, Distinct: a.distinct, Counts: counts}
}

// finish chooses the rare mask on all the values and returns it with the
// statistics of all of them and of each prefix shorter than all.
func (a *statsAcc) finish() (mask uint64, all statsBlock, prefixes []statsBlock) {
	all = a.block()
	var last []int
	if a.n > 0 {
		last = a.last[:a.max+1]
	}
	mask = rareMask(all.Counts)
	fillRare(&all, last, mask)
	for i := range a.prefixes {
		if a.prefixes[i].Values == a.n {
			break
		}
		b := a.prefixes[i]
		fillRare(&b, a.lasts[i], mask)
		prefixes = append(prefixes, b)
	}
	if prefixes == nil {
		prefixes = []statsBlock{}
	}
	if all.Counts == nil {
		all.Counts = []int{}
	}
	return mask, all, prefixes
}

// rare reports whether v is a rare value under mask.
func rare(v, mask uint64) bool { return bits.OnesCount64(v&mask)&1 == 0 }

// rareMask returns the mask on at most statsMaskBits bits that makes the
// fewest heaps rare, given the count of each value; the smallest on a tie.
func rareMask(counts []int) uint64 {
	if len(counts) <= 1 {
		return 0
	}
	b := min(bits.Len(uint(len(counts)-1)), statsMaskBits)
	best, bestMask := -1, uint64(0)
	for m := uint64(1); m < 1<<b; m++ {
		n := 0
		for v, c := range counts {
			if c > 0 && rare(uint64(v), m) {
				n += c
			}
		}
		if best < 0 || n < best {
			best, bestMask = n, m
		}
	}
	return bestMask
}

// fillRare sets the rare fields of b from its counts and the last heap of
// each value.
func fillRare(b *statsBlock, last []int, mask uint64) {
	b.Rare, b.LastRare = 0, 0
	for v, c := range b.Counts {
		if c > 0 && rare(uint64(v), mask) {
			b.Rare += c
			b.LastRare = max(b.LastRare, last[v])
		}
	}
}

// statsOf reads G(0) … G(n-1) from ans in chunks and returns their
// statistics report; it stops with ctx's error between chunks.
func statsOf(ctx context.Context, ans *sequence.Answer, name string, n int) (statsReport, error) {
	acc := newStatsAcc()
	chunk := make([]sg.Nimber, 0, min(n, valuesChunk))
	var err error
	for lo := 0; lo < n; lo += valuesChunk {
		if err := ctx.Err(); err != nil {
			return statsReport{}, fmt.Errorf("values of %s: %w", name, err)
		}
		hi := min(n, lo+valuesChunk)
		chunk, err = ans.AppendValues(chunk[:0], uint64(lo), uint64(hi))
		if err != nil {
			return statsReport{}, fmt.Errorf("values of %s: %w", name, err)
		}
		for _, v := range chunk {
			if err := acc.add(v); err != nil {
				return statsReport{}, err
			}
		}
	}
	mask, all, prefixes := acc.finish()
	rep := statsReport{Game: name, RareMask: mask, statsBlock: all, Prefixes: prefixes}
	if p := ans.Periodicity(); p.Certified && p.Period > 0 {
		rep.Preperiod, rep.Period, rep.Certified = p.Preperiod, p.Period, true
	}
	return rep, nil
}
