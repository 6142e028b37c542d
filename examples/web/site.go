package main

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

//go:embed static
var static embed.FS

// BuildSite writes the page into dir: the static files, the Go runtime's
// wasm_exec.js and main.wasm, built from ./wasm for GOOS=js GOARCH=wasm
// (stripped of its symbol tables), and main.wasm.gz, its gzip form. Any
// static host serves the directory as it is: the page needs no server.
func BuildSite(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	sub, _ := fs.Sub(static, "static")
	if err := os.CopyFS(dir, sub); err != nil && !os.IsExist(err) {
		return fmt.Errorf("writing the page: %w", err)
	}
	out, err := exec.Command(goBinary(), "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("finding the Go installation (go env GOROOT): %w", err)
	}
	goroot := strings.TrimSpace(string(out))
	js, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		js, err = os.ReadFile(filepath.Join(goroot, "misc", "wasm", "wasm_exec.js")) // before Go 1.24
	}
	if err != nil {
		return fmt.Errorf("finding wasm_exec.js in the Go installation: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), js, 0o644); err != nil {
		return err
	}
	wasm, err := filepath.Abs(filepath.Join(dir, "main.wasm"))
	if err != nil {
		return err
	}
	cmd := exec.Command(goBinary(), "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "github.com/impartial-go/impartial/examples/web/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building the WebAssembly module (run this inside the impartial module): %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return precompress(wasm)
}

// precompress writes name.gz beside name, compressed with gzip at its
// best: what a static host sends, and what the page's worker fetches and
// inflates itself when the host does not compress.
func precompress(name string) error {
	raw, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := zw.Write(raw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(name+".gz", buf.Bytes(), 0o644)
}

// goBinary is the go command: $GOROOT/bin/go when GOROOT is set (as
// under go run and go test), else the one on PATH.
func goBinary() string {
	if root := os.Getenv("GOROOT"); root != "" {
		p := filepath.Join(root, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "go"
}
