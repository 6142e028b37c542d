package sparse

import "runtime"

// Multicore is false where Go runs every goroutine on one thread
// (GOARCH=wasm: a browser page or a WASI host): there the sparse engine
// never starts its parallel modes (the pipeline and the marker) and
// package sequence's direct engine computes no block of heaps in
// parallel, since their goroutines would only take turns on that thread;
// the compiler leaves that code out of the binary. The values do not
// depend on it.
const Multicore = runtime.GOARCH != "wasm"
