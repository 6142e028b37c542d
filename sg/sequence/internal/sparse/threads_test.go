package sparse

import "testing"

// needMulticore skips a test of the parallel modes where the engine has
// none (GOARCH=wasm, see multicore).
func needMulticore(t *testing.T) {
	t.Helper()
	if !multicore {
		t.Skip("one thread (GOARCH=wasm): the engine has no parallel modes")
	}
}
