package rulesets_test

import (
	"testing"

	"github.com/impartial-go/impartial/game/graph"
	"github.com/impartial-go/impartial/game/grid"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// BenchmarkBoardValue solves the start positions of the board games with a
// fresh engine each time: the cost of a whole search, positions memoized
// reported as positions/op.
func BenchmarkBoardValue(b *testing.B) {
	cram55 := mustCram(b, 5, 5)
	nk66, err := rulesets.NodeKaylesGrid(6, 6)
	if err != nil {
		b.Fatal(err)
	}
	chomp, err := rulesets.NewChomp(6, 7)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("cram-5x5", func(b *testing.B) {
		for b.Loop() {
			e := sg.NewEngine[grid.Set](cram55)
			if _, err := e.Value(bg, cram55.Start()); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(e.Len()), "positions/op")
		}
	})
	b.Run("nodekayles-grid-6x6", func(b *testing.B) {
		for b.Loop() {
			e := sg.NewEngine[graph.Set](nk66)
			if _, err := e.Value(bg, nk66.Start()); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(e.Len()), "positions/op")
		}
	})
	b.Run("chomp-6x7", func(b *testing.B) {
		for b.Loop() {
			e := sg.NewEngine[grid.Set](chomp)
			if _, err := e.Value(bg, chomp.Start()); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(e.Len()), "positions/op")
		}
	})
}

// BenchmarkCramPosition is the cost of the capabilities per position on a
// 7×7 board with a third of the cells covered: moves into a reused
// buffer, components and the canonical form of the largest. None
// allocates.
func BenchmarkCramPosition(b *testing.B) {
	g := mustCram(b, 7, 7)
	p := grid.Set{Lo: 0x1b3f_5e7a_9c2d_4f61}.And(g.Board().Full())
	buf := make([]grid.Set, 0, 128)
	b.Run("moves", func(b *testing.B) {
		for b.Loop() {
			buf = g.AppendMoves(buf[:0], p)
		}
	})
	b.Run("components", func(b *testing.B) {
		for b.Loop() {
			buf = g.AppendComponents(buf[:0], p)
		}
	})
	b.Run("canonical", func(b *testing.B) {
		for b.Loop() {
			_ = g.Canonical(p)
		}
	})
}

// BenchmarkNodeKaylesPosition is the same for Node Kayles on the 8×8 grid
// and on a cycle of 100 (canonical form of an arc and of two arcs).
func BenchmarkNodeKaylesPosition(b *testing.B) {
	k, err := rulesets.NodeKaylesGrid(8, 8)
	if err != nil {
		b.Fatal(err)
	}
	c, err := rulesets.NodeKaylesCycle(100)
	if err != nil {
		b.Fatal(err)
	}
	p := graph.Set{Lo: 0x1b3f_5e7a_9c2d_4f61}
	buf := make([]graph.Set, 0, 128)
	b.Run("grid-moves", func(b *testing.B) {
		for b.Loop() {
			buf = k.AppendMoves(buf[:0], p)
		}
	})
	b.Run("grid-components", func(b *testing.B) {
		for b.Loop() {
			buf = k.AppendComponents(buf[:0], p)
		}
	})
	b.Run("grid-canonical", func(b *testing.B) {
		for b.Loop() {
			_ = k.Canonical(p)
		}
	})
	arc := graph.Set{Lo: 0xffff_ffff_fff0_0000, Hi: 0xff}
	twoArcs := arc.Without(70)
	b.Run("cycle-canonical-arc", func(b *testing.B) {
		for b.Loop() {
			_ = c.Canonical(arc)
		}
	})
	b.Run("cycle-canonical-two-arcs", func(b *testing.B) {
		for b.Loop() {
			_ = c.Canonical(twoArcs)
		}
	})
}
