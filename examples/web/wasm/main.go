//go:build js && wasm

// Command wasm is the WebAssembly module of the teaching page: it runs in
// the page's web worker and answers requests with package app.
//
// It sets the global function impartial(request, onProgress), which takes
// the request as a JavaScript object ({view, game, position, at, n}) and
// returns the response as JSON; onProgress(done, total) is called during
// long computations. The worker stops a computation by terminating the
// whole worker, so no cancellation crosses into Go. The module carries no
// JSON package (app.Response.AppendJSON writes the answer), which keeps it
// smaller.
package main

import (
	"context"
	"syscall/js"

	"github.com/impartial-go/impartial/examples/web/app"
)

func main() {
	js.Global().Set("impartial", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) == 0 || args[0].Type() != js.TypeObject {
			return `{"error":"bad request"}`
		}
		o := args[0]
		req := app.Request{View: str(o, "view"), Game: str(o, "game"), Position: str(o, "position"), At: str(o, "at")}
		if n := o.Get("n"); n.Type() == js.TypeNumber {
			req.N = n.Int()
		}
		var onProgress js.Value
		if len(args) > 1 && args[1].Type() == js.TypeFunction {
			onProgress = args[1]
		}
		resp := app.Handle(context.Background(), req, func(done, total int) {
			if !onProgress.IsUndefined() {
				onProgress.Invoke(done, total)
			}
		})
		return string(resp.AppendJSON(nil))
	}))
	select {} // keep the module alive for the next request
}

// str returns the string property k of o, "" when it is not a string.
func str(o js.Value, k string) string {
	if v := o.Get(k); v.Type() == js.TypeString {
		return v.String()
	}
	return ""
}
