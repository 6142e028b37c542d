package sparse

import "runtime"

// multicore is false where Go runs every goroutine on one thread
// (GOARCH=wasm: a browser page or a WASI host): there the engine never
// starts its parallel modes (the pipeline, the pair, marker and ring
// modes), whose goroutines would only take turns on that thread, and the
// compiler leaves their code out of the binary. The values do not depend
// on it.
const multicore = runtime.GOARCH != "wasm"
