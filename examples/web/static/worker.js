// The page's computing thread: it loads the library's WebAssembly module
// and answers one request at a time, so that the page never freezes. The
// page cancels a computation by terminating this worker.
importScripts('wasm_exec.js');
const go = new Go();
// load instantiates the module: from main.wasm.gz, inflated here, where
// the browser can (a quarter of the bytes on any static host, compressing
// or not), else from main.wasm.
async function load() {
  if (self.DecompressionStream) {
    try {
      const r = await fetch('main.wasm.gz');
      if (r.ok && !r.headers.get('Content-Encoding')) {
        const body = r.body.pipeThrough(new DecompressionStream('gzip'));
        return await WebAssembly.instantiateStreaming(new Response(body, { headers: { 'Content-Type': 'application/wasm' } }), go.importObject);
      }
    } catch (e) { /* fall back to main.wasm */ }
  }
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch('main.wasm'), go.importObject);
  } catch (e) { // a server that does not send application/wasm
    const bytes = await (await fetch('main.wasm')).arrayBuffer();
    result = await WebAssembly.instantiate(bytes, go.importObject);
  }
  return result;
}
const ready = load().then((result) => { go.run(result.instance); });
onmessage = async (e) => {
  await ready;
  const { id, req } = e.data;
  let last = 0;
  const out = self.impartial(req, (done, total) => {
    const now = Date.now();
    if (now - last > 40) { last = now; postMessage({ id, progress: [done, total] }); }
  });
  postMessage({ id, result: out });
};
