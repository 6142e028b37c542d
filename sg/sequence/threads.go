package sequence

import "runtime"

// multicore is false where Go runs every goroutine on one thread
// (GOARCH=wasm): there the direct engine computes no block of heaps in
// parallel, whose goroutines would only take turns on that thread, and
// the compiler leaves that code out of the binary. The values do not
// depend on it. (The sparse engine has its own, internal/sparse.)
const multicore = runtime.GOARCH != "wasm"
