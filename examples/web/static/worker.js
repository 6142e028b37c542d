// The page's computing thread: it loads the library's WebAssembly module
// and answers one request at a time, so that the page never freezes. The
// page cancels a computation by terminating this worker.
importScripts('wasm_exec.js');
const go = new Go();
const ready = (async () => {
  let result;
  try {
    result = await WebAssembly.instantiateStreaming(fetch('main.wasm'), go.importObject);
  } catch (e) { // a server that does not send application/wasm
    const bytes = await (await fetch('main.wasm')).arrayBuffer();
    result = await WebAssembly.instantiate(bytes, go.importObject);
  }
  go.run(result.instance);
})();
onmessage = async (e) => {
  await ready;
  const { id, req } = e.data;
  let last = 0;
  const out = self.impartial(JSON.stringify(req), (done, total) => {
    const now = Date.now();
    if (now - last > 40) { last = now; postMessage({ id, progress: [done, total] }); }
  });
  postMessage({ id, result: out });
};
