//go:build !amd64 || purego

package game

// Without a carry-less multiplication instruction (or with the purego
// build tag, which tests this path on amd64) the products use the
// logarithm tables only. clmulMod, never called then, keeps powPoly the
// same everywhere.
const hasCLMUL = false

func clmulMod(a, b uint64) uint64 { return clmulModSlow(a, b) }

// mulNim returns a ⊗ b by the logarithm tables.
func mulNim(a, b uint64) uint64 {
	fieldTables()
	return mul64(a, b)
}
