//go:build js && wasm

// Command wasm is the WebAssembly module of the teaching page: it runs in
// the page's web worker and answers requests with package app.
//
// It sets the global function impartial(requestJSON, onProgress), which
// returns the response as JSON; onProgress(done, total) is called during
// long computations. The worker stops a computation by terminating the
// whole worker, so no cancellation crosses into Go.
package main

import (
	"context"
	"encoding/json"
	"syscall/js"

	"github.com/impartial-go/impartial/examples/web/app"
)

func main() {
	js.Global().Set("impartial", js.FuncOf(func(this js.Value, args []js.Value) any {
		var req app.Request
		if len(args) == 0 || json.Unmarshal([]byte(args[0].String()), &req) != nil {
			return `{"error":"bad request"}`
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
		b, err := json.Marshal(resp)
		if err != nil {
			return `{"error":"cannot encode the answer"}`
		}
		return string(b)
	}))
	select {} // keep the module alive for the next request
}
