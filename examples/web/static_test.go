package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game/gametest"
)

// TestHandlerGzip: main.wasm goes compressed to a client that accepts
// gzip, with its MIME type, and as it is to one that does not.
func TestHandlerGzip(t *testing.T) {
	dir := t.TempDir()
	raw := bytes.Repeat([]byte("\x00asm module "), 1000)
	if err := os.WriteFile(filepath.Join(dir, "main.wasm"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := precompress(filepath.Join(dir, "main.wasm")); err != nil {
		t.Fatal(err)
	}
	h := Handler(dir)
	for _, accept := range []string{"gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*", "", "identity", "gzip;q=0"} {
		req := httptest.NewRequest("GET", "http://localhost/main.wasm", nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if ct := rec.Header().Get("Content-Type"); ct != "application/wasm" {
			t.Errorf("Accept-Encoding %q: Content-Type %q", accept, ct)
		}
		body := rec.Body.Bytes()
		if want := acceptsGzip(accept); want != (rec.Header().Get("Content-Encoding") == "gzip") {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q", accept, rec.Header().Get("Content-Encoding"))
		} else if want {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(body, raw) {
			t.Errorf("Accept-Encoding %q: the module does not come back whole", accept)
		}
	}
}

// TestStaticExport writes the site with -out, serves it with a plain file
// server (python3 -m http.server, no Go), and checks that the page answers
// there as it does from the Go server.
func TestStaticExport(t *testing.T) {
	gametest.SkipUnlessLong(t)
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 for a plain file server")
	}
	c := startBrowser(t)
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if err := run([]string{"-out", dir}, &out, &errs); err != nil {
		t.Fatalf("web -out: %v\n%s", err, errs.String())
	}
	for _, f := range []string{"index.html", "app.js", "picture.js", "style.css", "worker.js", "wasm_exec.js", "main.wasm", "main.wasm.gz"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the export lacks %s", f)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "-m", "http.server", "--bind", "127.0.0.1", "--directory", dir, fmt.Sprint(port))
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); cmd.Wait() }()
	static := fmt.Sprintf("http://127.0.0.1:%d", port)
	for i := 0; ; i++ {
		if resp, err := http.Get(static + "/index.html"); err == nil {
			resp.Body.Close()
			break
		}
		if i > 100 {
			t.Fatal("python3 -m http.server did not answer in 10 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()
	queries := []string{
		"game=nim&position=1,2,3,4&view=position",
		"game=cram:3x4&view=position",
		"game=coins:mock-turtles:1,4,6&view=position",
		"game=.07&view=sequence",
	}
	answers := map[string]string{}
	for _, base := range []string{srv.URL, static} {
		p := &page{c: c, url: base, shots: os.Getenv("IMPARTIAL_SCREENSHOTS")}
		for _, q := range queries {
			p.open(t, q)
			got := waitText(t, c, q, "document.querySelector('#out h2') ? document.getElementById('out').innerText : ''")
			if prev, ok := answers[q]; ok && prev != got {
				p.failShot(t, "static")
				t.Errorf("%s: the static host shows\n%s\nthe Go server\n%s", q, got, prev)
			}
			answers[q] = got
		}
	}
}
