package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/impartial-go/impartial/game"
)

var sinkNimber game.Nimber

// randomNimbers returns 1024 random 64-bit nimbers from a fixed seed.
func randomNimbers(s1, s2 uint64) []game.Nimber {
	r := rand.New(rand.NewPCG(s1, s2))
	xs := make([]game.Nimber, 1024)
	for i := range xs {
		xs[i] = game.Nimber(r.Uint64())
	}
	return xs
}

// BenchmarkNimMul is the cost of one 64-bit nim-product on independent
// random operands: b.N products whose inputs do not depend on each other,
// so the processor overlaps consecutive products: the per-product figure
// of BenchmarkNimMulMillion (10^6 of them), read as ns/product.
func BenchmarkNimMul(b *testing.B) {
	xs, ys := randomNimbers(1, 2), randomNimbers(11, 12)
	var s game.Nimber
	b.ReportAllocs()
	// 1024 products an iteration: calls written directly in a b.Loop body
	// are kept from inlining, which would add a call to every product.
	for b.Loop() {
		for i := range xs {
			s ^= xs[i].Mul(ys[i])
		}
	}
	sinkNimber = s
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1024, "ns/product")
}

// BenchmarkNimMulChain is the latency of one 64-bit nim-product: each
// product's operand is the nim-sum of a random nimber and the previous
// result, so no product starts before the one before it has finished.
func BenchmarkNimMulChain(b *testing.B) {
	xs := randomNimbers(1, 2)
	var s game.Nimber
	b.ReportAllocs()
	for b.Loop() {
		for i := range xs {
			s = xs[i].Mul(xs[(i+1)&1023] ^ s)
		}
	}
	sinkNimber = s
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1024, "ns/product")
}

// BenchmarkNimMulMillion is 10^6 products of random 64-bit nimbers, the
// size of the library-checker task "Nim Product (64)".
func BenchmarkNimMulMillion(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	as := make([]game.Nimber, 1_000_000)
	bs := make([]game.Nimber, len(as))
	for i := range as {
		as[i], bs[i] = game.Nimber(r.Uint64()), game.Nimber(r.Uint64())
	}
	var s game.Nimber
	b.ReportAllocs()
	for b.Loop() {
		for i := range as {
			s ^= as[i].Mul(bs[i])
		}
	}
	sinkNimber = s
}

func BenchmarkNimInv(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	xs := make([]game.Nimber, 1024)
	for i := range xs {
		xs[i] = game.Nimber(r.Uint64() | 1)
	}
	var s game.Nimber
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		v, _ := xs[i&1023].Inv()
		s ^= v
	}
	sinkNimber = s
}

func BenchmarkNimSqrt(b *testing.B) {
	xs := randomNimbers(7, 8)
	var s game.Nimber
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s ^= xs[i&1023].Sqrt()
	}
	sinkNimber = s
}

func BenchmarkNimPow(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 10))
	x := game.Nimber(r.Uint64())
	var s game.Nimber
	b.ReportAllocs()
	for i := uint64(0); b.Loop(); i++ {
		s ^= x.Pow(^i)
	}
	sinkNimber = s
}
