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
// ?game=nim&position=1,2,3,4&view=nimsum, view=position, graph or play.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "web:", err)
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
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
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
	srv := &http.Server{Handler: Handler(dir), ErrorLog: log.New(stderr, "web: ", 0)}
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

// Handler serves the site in dir, with the WebAssembly module's MIME type
// and no caching (a rebuilt module is picked up on reload).
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			w.Header().Set("Content-Type", "application/wasm")
		}
		files.ServeHTTP(w, r)
	})
}
