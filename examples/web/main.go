// Command web serves a teaching page for impartial games that runs the
// library itself in the browser: Go compiled to WebAssembly, with no
// server-side computation, so the page can be put on any static host.
//
// Usage:
//
//	go run ./examples/web                 build, then serve on localhost:8080
//	go run ./examples/web -addr :9000     serve on another address
//	go run ./examples/web -out site       write the static site to ./site and exit
//
// Run it from inside this module: it builds the WebAssembly module with the
// go command (GOOS=js GOARCH=wasm) of the Go it runs under.
//
// Every view is a link: ?game=.07&view=sequence,
// ?game=nim&position=1,2,3,4&view=nimsum, view=position, graph or play
// (at=… holds the position of a board in play), and the lessons,
// ?view=lesson&step=1 to 10. See README.md beside this file.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/impartial-go/impartial/examples/internal/clip"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "web:", clip.Message(err.Error()))
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "localhost:8080", "serve on `HOST:PORT`")
	out := fs.String("out", "", "write the static site to `DIR` instead of serving it")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %s", clip.Quote(fs.Arg(0)))
	}
	dir := *out
	if dir == "" {
		tmp, err := os.MkdirTemp("", "impartial-web-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	fmt.Fprintln(stderr, "building the WebAssembly module…")
	if err := BuildSite(dir); err != nil {
		return err
	}
	if *out != "" {
		fmt.Fprintf(stdout, "wrote the site to %s\n", dir)
		return nil
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "serving on http://%s/ (Ctrl-C stops)\n", displayAddr(ln.Addr()))
	srv := newServer(Handler(dir), log.New(stderr, "web: ", 0))
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt)
	go func() { <-stop; srv.Close() }()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// displayAddr writes a listening address the way a browser takes it.
func displayAddr(a net.Addr) string {
	s := a.String()
	if strings.HasPrefix(s, "[::]:") || strings.HasPrefix(s, "0.0.0.0:") {
		return "localhost" + s[strings.LastIndex(s, ":"):]
	}
	return s
}

// The server's bounds: a client that sends its request's header slowly,
// or its body, or reads the answer slowly, or keeps an idle connection,
// is cut off, so that half-open connections cannot pile up.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 5 * time.Minute // main.wasm is megabytes, on slow links too
	idleTimeout       = 2 * time.Minute
	maxHeaderBytes    = 64 << 10
)

// newServer returns the HTTP server of the site: h with the bounds above,
// logging to errlog.
func newServer(h http.Handler, errlog *log.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ErrorLog:          errlog,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
	}
}

// Handler serves the site in dir, with the WebAssembly module's MIME type
// and no caching (a rebuilt module is picked up on reload). A .wasm file
// with a .gz beside it is sent compressed (Content-Encoding: gzip) to a
// client that accepts gzip. A path that
// names no file answers 404, whatever the reason (a name too long for the
// file system, a file used as a directory), and one that may not be read
// answers 403.
func Handler(dir string) http.Handler {
	files := http.FileServer(siteDir{http.Dir(dir)})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
			w.Header().Add("Vary", "Accept-Encoding")
			if acceptsGzip(r.Header.Get("Accept-Encoding")) {
				if f, err := (siteDir{http.Dir(dir)}).Open(r.URL.Path + ".gz"); err == nil {
					defer f.Close()
					if st, err := f.Stat(); err == nil && !st.IsDir() {
						w.Header().Set("Content-Encoding", "gzip")
						http.ServeContent(w, r, r.URL.Path, st.ModTime(), f)
						return
					}
				}
			}
		}
		files.ServeHTTP(w, r)
	})
}

// acceptsGzip reports whether an Accept-Encoding header accepts gzip
// (named, with a nonzero quality, or as "*").
func acceptsGzip(h string) bool {
	for part := range strings.SplitSeq(h, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "gzip" && name != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// siteDir is the site's directory, where a file that cannot be opened, for
// any reason but permission, does not exist (http.FileServer answers 404,
// not 500).
type siteDir struct{ dir http.Dir }

// Open opens name in the directory.
func (d siteDir) Open(name string) (http.File, error) {
	f, err := d.dir.Open(name)
	if err != nil && !errors.Is(err, fs.ErrPermission) && !errors.Is(err, fs.ErrNotExist) {
		return nil, &fs.PathError{Op: "open", Path: clip.Cut(name, clip.MaxInput), Err: fs.ErrNotExist}
	}
	return f, err
}
