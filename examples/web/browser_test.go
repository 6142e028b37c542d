package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game/gametest"
)

var (
	siteOnce sync.Once
	siteDirT string
	siteErr  error
)

// testSite builds the site once for all the browser tests of the run, in
// a directory removed by TestMain.
func testSite(t *testing.T) string {
	t.Helper()
	siteOnce.Do(func() {
		siteDirT, siteErr = os.MkdirTemp("", "impartial-site-")
		if siteErr == nil {
			siteErr = BuildSite(siteDirT)
		}
	})
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteDirT
}

func TestMain(m *testing.M) {
	code := m.Run()
	if siteDirT != "" {
		os.RemoveAll(siteDirT)
	}
	os.Exit(code)
}

// findChromium returns the path of a Chromium-based browser, or "".
func findChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// startBrowser starts headless Chromium with the DevTools protocol on a
// free port and returns a client attached to a fresh page.
func startBrowser(t *testing.T) *cdp {
	t.Helper()
	bin := findChromium()
	if bin == "" {
		t.Skip("no Chromium on PATH: install Debian's chromium package to run the browser test (CI does)")
	}
	profile, err := os.MkdirTemp("", "impartial-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
		"--remote-debugging-port=0", "--user-data-dir="+profile, "about:blank")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	t.Cleanup(func() { cancel(); cmd.Wait(); os.RemoveAll(profile) })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if _, ws, ok := strings.Cut(sc.Text(), "DevTools listening on "); ok {
				found <- strings.TrimSpace(ws)
			}
		}
	}()
	var ws string
	select {
	case ws = <-found:
	case <-time.After(30 * time.Second):
		t.Fatal("Chromium did not print its DevTools address in 30 s")
	}
	c, err := dialCDP(ws)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.openPage(); err != nil {
		t.Fatal(err)
	}
	return c
}

// waitText evaluates expr every 50 ms until it yields a non-empty string.
func waitText(t *testing.T, c *cdp, what, expr string) string {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		s, err := c.eval(expr)
		if err == nil && s != "" {
			return s
		} // an error is a page still loading: try again
		if time.Now().After(deadline) {
			body, _ := c.eval("document.body.innerText")
			t.Fatalf("%s: nothing after 60 s; the page shows:\n%s", what, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func text(id string) string {
	return "(document.getElementById('" + id + "') || {}).textContent || ''"
}

// TestBrowser opens the page in headless Chromium and checks what a
// student would read there: by default one view (a heap's value and its
// winning move), and with the long tests on (gametest.SkipUnlessLong)
// every view. IMPARTIAL_SCREENSHOTS=DIR also saves a screenshot of each
// view in DIR.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and starts a browser")
	}
	p := openSite(t)
	c := p.c
	open := func(query string) { t.Helper(); p.open(t, query) }
	shot := func(name string) { t.Helper(); p.shot(t, name) }

	start := time.Now()
	open("game=sub:1,2,3&position=10&view=position")
	if v := waitText(t, c, "value of heap 10 in take-1-to-3", text("value")); v != "*2" {
		t.Errorf("value of heap 10 in take 1, 2 or 3: page shows %q, want *2 (10 mod 4)", v)
	}
	t.Logf("first view answered %v after navigation (WebAssembly load included)", time.Since(start).Round(time.Millisecond))
	if w := waitText(t, c, "winning move", text("winning")); !strings.Contains(w, "take 2 of 10, leaving 8") {
		t.Errorf("winning moves from 10: page shows %q, want take 2 of 10, leaving 8", w)
	}
	shot("position")
	t.Run("all views", func(t *testing.T) {
		gametest.SkipUnlessLong(t)
		otherViews(t, p)
	})
}

// openSite serves the site built for the tests and opens a browser's page
// on it, with screenshots to $IMPARTIAL_SCREENSHOTS when set; both stop
// when the test ends.
func openSite(t *testing.T) *page {
	t.Helper()
	c := startBrowser(t)
	srv := httptest.NewServer(Handler(testSite(t)))
	t.Cleanup(srv.Close)
	return &page{c: c, url: srv.URL, shots: os.Getenv("IMPARTIAL_SCREENSHOTS")}
}

// page is the browser's page on the site at url; screenshots go to the
// directory shots, when it is not "".
type page struct {
	c          *cdp
	url, shots string
}

// open navigates to the site with query.
func (p *page) open(t *testing.T, query string) {
	t.Helper()
	if err := p.c.call("Page.navigate", map[string]any{"url": p.url + "/?" + query}, nil); err != nil {
		t.Fatal(err)
	}
}

// shot saves a screenshot of the page as name.png in p.shots.
func (p *page) shot(t *testing.T, name string) {
	t.Helper()
	if p.shots == "" {
		return
	}
	png, err := p.c.screenshot()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p.shots, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// otherViews checks every view but the first on page p.
func otherViews(t *testing.T, p *page) {
	c := p.c
	open := func(query string) { t.Helper(); p.open(t, query) }
	shot := func(name string) { t.Helper(); p.shot(t, name) }
	open("game=cram:4x5&view=position")
	if v := waitText(t, c, "value of Cram 4×5", text("value")); v != "*2" {
		t.Errorf("Cram 4×5: page shows %q, want *2", v)
	}
	shot("board")

	// Notakto, X in a corner of one of two boards: element d of the
	// misère quotient, a win (as sgtool misere notakto says).
	open("game=notakto:2&position=x../.../...,.../.../...&view=position")
	if e := waitText(t, c, "Notakto's element", text("element")); e != "d" {
		t.Errorf("Notakto x../.../... and an empty board: element %q, want d", e)
	}
	if w := waitText(t, c, "Notakto's winning moves", text("winning")); !strings.Contains(w, "board 1, row 1, column 3") || waitText(t, c, "outcome", text("outcome")) != "N" {
		t.Errorf("Notakto x../.../... and an empty board: winning moves %q, want N with board 1, row 1, column 3 among them", w)
	}
	if n, _ := c.eval("String(document.querySelectorAll('#picture .ncell').length)"); n != "18" {
		t.Errorf("two Notakto boards drawn with %s cells, want 18", n)
	}
	if l, _ := c.eval("document.getElementById('playlink').getAttribute('href')"); !strings.Contains(l, "x..%2F...%2F...") {
		t.Errorf("the link to play the position does not keep its boards: %q", l)
	}
	shot("notakto")
	// The boards typed in the field: a dead board and one X in the centre,
	// element c² (sgtool quotient notakto), a P-position.
	if _, err := c.eval("document.getElementById('position').value = 'xxx/.../..., .../.x./...'; document.getElementById('form').requestSubmit()"); err != nil {
		t.Fatal(err)
	}
	if e := waitText(t, c, "Notakto's element", "document.querySelector('#picture .nline') ? "+text("element")+" : ''"); e != "c²" || waitText(t, c, "outcome", text("outcome")) != "P" {
		t.Errorf("Notakto, a dead board and an X in the centre: element %q, want c², a P-position", e)
	}
	shot("notakto-typed")

	open("game=coins2:corners:4.4&view=position")
	if v := waitText(t, c, "value of a head at 4.4 in Turning Corners", text("value")); v != "*6" {
		t.Errorf("Turning Corners 4.4: page shows %q, want *6 (4 ⊗ 4)", v)
	}
	shot("coins2")

	open("game=digraph:0-1,1-2,2-0,2-3,3-4&position=0,1&view=position")
	if o := waitText(t, c, "outcome of two draws", text("outcome")); o != "D" {
		t.Errorf("tokens on 0 and 1 of Ferguson's graph: page shows %q, want D", o)
	}
	shot("loopy")

	open("game=nim&position=1,2,3,4&view=nimsum")
	if m := waitText(t, c, "Nim 1 2 3 4 winning move", text("move")); !strings.Contains(m, "heap 4: take all 4") {
		t.Errorf("Nim 1 2 3 4: page shows %q, want the move heap 4: take all 4 (nim-sum 4)", m)
	}
	if chosen := waitText(t, c, "highlighted row", "(document.querySelector('tr.chosen td') || {}).textContent || ''"); chosen != "heap 4" {
		t.Errorf("highlighted row %q, want heap 4", chosen)
	}
	shot("nimsum")

	open("game=.07&view=sequence")
	pre := waitText(t, c, ".07 preperiod", text("preperiod"))
	per := waitText(t, c, ".07 period", text("period"))
	if pre != "53" || per != "34" {
		t.Errorf("Dawson's Kayles .07: page shows preperiod %s, period %s; want 53 and 34", pre, per)
	}
	if p := waitText(t, c, "periodicity", text("periodicity")); !strings.HasPrefix(p, "Certified") {
		t.Errorf(".07's period is not shown as certified: %q", p)
	}
	shot("sequence")

	open("game=.07&position=6,3&view=graph")
	n := waitText(t, c, "graph nodes", "String(document.querySelectorAll('svg .node').length || '')")
	pn := waitText(t, c, "P nodes", "String(document.querySelectorAll('svg .node.P').length || '')")
	if n == "" || pn == "" || n == pn {
		t.Errorf("game graph: %s nodes of which %s P: want both kinds coloured", n, pn)
	}
	shot("graph")

	open("game=nim&position=1,2,3&view=play")
	waitText(t, c, "play buttons", "String(document.querySelectorAll('.playmoves button').length || '')")
	if _, err := c.eval("document.getElementById('hintbtn').click()"); err != nil {
		t.Fatal(err)
	}
	if h := waitText(t, c, "hint", text("hint")); !strings.Contains(h, "XOR is 0") {
		t.Errorf("hint in Nim 1 2 3 (a P-position): %q, want it to say the XOR is 0", h)
	}
	if _, err := c.eval("document.querySelector('.playmoves button').click()"); err != nil {
		t.Fatal(err)
	}
	if log := waitText(t, c, "bot's answer", "[...document.querySelectorAll('.log li')].map(li => li.textContent).join(' | ').includes('Bot:') ? 'yes' : ''"); log != "yes" {
		t.Error("the bot did not answer")
	}
	shot("play")

	open("game=.9x&position=1&view=position")
	if e := waitText(t, c, "error beside the game field", text("err-game")); !strings.Contains(e, "9") {
		t.Errorf("bad game .9x: message %q does not name the bad digit", e)
	}
	shot("error")

	// A long computation shows progress and stops on Cancel.
	open("game=grundy&view=sequence&n=1048576")
	waitText(t, c, "progress bar", "document.getElementById('busy').hidden ? '' : 'shown'")
	if _, err := c.eval("document.getElementById('cancel').click()"); err != nil {
		t.Fatal(err)
	}
	if s := waitText(t, c, "cancelled", text("out")); !strings.Contains(s, "Cancelled") {
		t.Errorf("after Cancel the page shows %q", s)
	}
}

// TestFirstAnswer measures, on reloads of the page, the time from
// navigation to the first answer (WebAssembly fetched, inflated, compiled
// and started, then asked): it logs the least and the median of
// $IMPARTIAL_RELOADS reloads (8 by default), the least being the figure a
// loaded machine disturbs least. Long tests only.
func TestFirstAnswer(t *testing.T) {
	gametest.SkipUnlessLong(t)
	p := openSite(t)
	n := 8
	if s := os.Getenv("IMPARTIAL_RELOADS"); s != "" {
		fmt.Sscan(s, &n)
	}
	var times []time.Duration
	for i := range n {
		if err := p.c.call("Page.navigate", map[string]any{"url": "about:blank"}, nil); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
		start := time.Now()
		p.open(t, fmt.Sprintf("game=sub:1,2,3&position=%d&view=position", 10+i))
		waitText(t, p.c, "the first answer", text("value"))
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	t.Logf("first answer after navigation, %d reloads: least %v, median %v", n, times[0].Round(time.Millisecond), times[n/2].Round(time.Millisecond))
}
