package rulesets_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
)

// benchPicture returns a random connected picture of ne edges on about
// ne/2 vertices: a random tree plus random extra edges (cycles, loops and
// repeated edges).
func benchPicture(ne int) *rulesets.Hackenbush {
	r := rand.New(rand.NewPCG(11, uint64(ne)))
	nv := ne / 2
	parts := make([]string, 0, ne)
	name := func(x int) string {
		if x == 0 {
			return "g"
		}
		return fmt.Sprint(x)
	}
	for x := 1; x <= nv; x++ {
		parts = append(parts, name(r.IntN(x))+"-"+name(x))
	}
	for len(parts) < ne {
		parts = append(parts, name(r.IntN(nv+1))+"-"+name(r.IntN(nv+1)))
	}
	h, err := rulesets.ParseHackenbush(strings.Join(parts, ","))
	if err != nil {
		panic(err)
	}
	return h
}

func BenchmarkHackenbushValue(b *testing.B) {
	for _, ne := range []int{100, 10000} {
		h := benchPicture(ne)
		b.Run(fmt.Sprint(ne), func(b *testing.B) {
			b.ReportAllocs()
			var v game.Nimber
			for b.Loop() {
				v ^= h.Value()
			}
			_ = v
		})
	}
}

func BenchmarkHackenbushMoves(b *testing.B) {
	h := benchPicture(300)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.Moves(bg); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHackenbushMovesTree is Moves on a random tree of 2000 edges,
// where every cut is of a bridge and costs the depth of its edge.
func BenchmarkHackenbushMovesTree(b *testing.B) {
	r := rand.New(rand.NewPCG(12, 13))
	parts := make([]string, 0, 2000)
	for x := 1; x <= 2000; x++ {
		p := "g"
		if y := r.IntN(x); y > 0 {
			p = fmt.Sprint(y)
		}
		parts = append(parts, p+"-"+fmt.Sprint(x))
	}
	h, err := rulesets.ParseHackenbush(strings.Join(parts, ","))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h.Moves(bg); err != nil {
			b.Fatal(err)
		}
	}
}
