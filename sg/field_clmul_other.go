//go:build !amd64 || purego

package sg

// Without a carry-less multiplication instruction (or with the purego
// build tag, which tests this path on amd64) the products use the
// logarithm tables only; these two functions, never called, keep the
// polynomial basis's code the same everywhere.
const hasCLMUL = false

func clmulMod(a, b, mu, p uint64) uint64 { return clmulModSlow(a, b, mu, p) }

func mulPoly(a, b uint64) uint64 {
	return convert(&fromPoly, clmulMod(convert(&toPoly, a), convert(&toPoly, b), polyMu, polyP))
}
