package main

import (
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHandlerLongName: a file name too long for the file system names no
// file: 404, not 500 (issue 38, point 6); the site's files are served.
func TestHandlerLongName(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<p>hi</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := Handler(dir)
	for path, want := range map[string]int{
		"/":                                    http.StatusOK,
		"/index.html/x":                        http.StatusNotFound, // a file used as a directory
		"/missing.js":                          http.StatusNotFound,
		"/" + strings.Repeat("a", 300):         http.StatusNotFound,
		"/" + strings.Repeat("é", 300):         http.StatusNotFound,
		"/d/" + strings.Repeat("b/", 3000):     http.StatusNotFound,
		"/" + strings.Repeat("c", 5000) + "/x": http.StatusNotFound,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "http://localhost"+path, nil))
		if rec.Code != want {
			t.Errorf("GET %.40s…: %d, want %d", path, rec.Code, want)
		}
		if len(rec.Body.String()) > 1000 {
			t.Errorf("GET %.40s…: %d bytes of answer", path, rec.Body.Len())
		}
	}
}

// TestServerBounds: the server has a read-header timeout and the other
// bounds, and a client that sends half a header is cut off after it
// (loopback connections only).
func TestServerBounds(t *testing.T) {
	srv := newServer(http.NotFoundHandler(), log.New(io.Discard, "", 0))
	if srv.ReadHeaderTimeout <= 0 || srv.ReadTimeout <= 0 || srv.WriteTimeout <= 0 || srv.IdleTimeout <= 0 || srv.MaxHeaderBytes <= 0 {
		t.Fatalf("server without bounds: %+v", srv)
	}
	srv.ReadHeaderTimeout = 200 * time.Millisecond // the same mechanism, sooner
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("no loopback listener: %v", err)
	}
	go srv.Serve(ln)
	defer srv.Close()
	var conns []net.Conn
	for range 20 {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: localhost\r\nX-Half: "); err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	start := time.Now()
	for i, c := range conns {
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		_, err := io.ReadAll(c)
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			t.Fatalf("connection %d with half a header still open after %v", i, time.Since(start))
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("half-header connections closed after %v, want about %v", d, srv.ReadHeaderTimeout)
	}
}
