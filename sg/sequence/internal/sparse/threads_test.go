package sparse

import "testing"

// needMulticore skips a test of the parallel modes where the engine has
// none (GOARCH=wasm, see Multicore).
func needMulticore(t *testing.T) {
	t.Helper()
	if !Multicore {
		t.Skip("one thread (GOARCH=wasm): the engine has no parallel modes")
	}
}
