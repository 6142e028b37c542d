package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/impartial-go/impartial/game/gametest"
)

// clickLast points at the last piece of the picture that can be played,
// as a student would with the mouse; for coins it points at the coins of
// the last move listed, one click each, then presses Turn. It returns
// "over" when the game has ended, "" while the page is busy.
const clickLast = `(() => {
  if (document.getElementById('result')) return 'over';
  if (!document.getElementById('busy').hidden) return '';
  const picks = [...document.querySelectorAll('#picture .pick')];
  if (!picks.length) return '';
  const t = document.getElementById('turnbtn');
  if (!t) {
    picks[picks.length - 1].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    return 'clicked';
  }
  const moves = game.r.picture.moves, m = moves[moves.length - 1];
  for (const e of m.pick) document.querySelector('#picture .pick[data-e="' + e + '"]').dispatchEvent(new MouseEvent('click', { bubbles: true }));
  document.getElementById('turnbtn').click();
  return 'clicked';
})()`

// playToEnd plays the game open on the page by clicks until it ends, and
// returns the result and the log.
func playToEnd(t *testing.T, p *page, name string) (result, log string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for clicks := 0; ; clicks++ {
		s, _ := p.c.eval(clickLast)
		if s == "over" {
			break
		}
		if time.Now().After(deadline) || clicks > 2000 {
			p.failShot(t, name)
			body, _ := p.c.eval("document.body.innerText + document.getElementById('picture').innerHTML.slice(0, 1500)")
			t.Fatalf("%s: the game did not end by clicks; the page shows:\n%s", name, body)
		}
		time.Sleep(60 * time.Millisecond)
	}
	result, _ = p.c.eval(text("result"))
	log, _ = p.c.eval("[...document.querySelectorAll('#log li')].map(li => li.textContent).join('\\n')")
	return result, log
}

// failShot saves a screenshot when the test has failed or is failing, in
// $IMPARTIAL_SCREENSHOTS or else a new directory under the system's
// temporary one that outlives the test (an artifact to look at), and logs
// where.
func (p *page) failShot(t *testing.T, name string) {
	dir := p.shots
	if dir == "" {
		d, err := os.MkdirTemp("", "impartial-web-failure-")
		if err != nil {
			t.Logf("no screenshot: %v", err)
			return
		}
		dir = d
	}
	png, err := p.c.screenshot()
	if err != nil {
		t.Logf("no screenshot: %v", err)
		return
	}
	f := filepath.Join(dir, "fail-"+strings.NewReplacer("/", "_", ":", "_").Replace(name)+".png")
	if err := os.WriteFile(f, png, 0o644); err == nil {
		t.Logf("screenshot of the failure: %s", f)
	}
}

// TestPlayByClicks plays a whole game of each kind of game on the page, by
// clicks on its picture, against the bot, and checks the winner: the
// player who made the last move. By default one short game; all kinds
// with the long tests.
func TestPlayByClicks(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and starts a browser")
	}
	p := openSite(t)
	c := p.c
	// misère: whoever makes the last move loses (Notakto). long: only
	// with the long tests.
	games := []struct {
		name, query  string
		misere, long bool
	}{
		{"nim", "game=nim&position=1,2,3&view=play", false, false},
		{"coins2", "game=coins2:corners:1.2,2.3&view=play", false, false},
		{"notakto", "game=notakto:1&view=play", true, false},
		{"kayles", "game=.77&position=4,3&view=play", false, true},
		{"dawson", "game=.07&position=6&view=play", false, true},
		{"cram", "game=cram:3x3&view=play", false, true},
		{"chomp", "game=chomp:3x4&view=play", false, true},
		{"nodekayles", "game=nodekayles:grid:3x3&view=play", false, true},
		{"nodekayles-graph", "game=nodekayles:0-1,1-2,2-0,2-3,3-4,4-5,5-3&view=play", false, true},
		{"hackenbush", "game=hackenbush:g-1,1-2,2-g,2-3,3-4,g-5,5-6&view=play", false, true},
		{"coins", "game=coins:mock-turtles:1,4,6&view=play", false, true},
		{"coins2-ruler", "game=coins2:ruler*mock-turtles:3.4,2.2,1.3&view=play", false, true},
		{"acrostic", "game=coins2:acrostic-twins:3.3,2.1&view=play", false, true},
		{"notakto3", "game=notakto:3&view=play", true, true},
		{"notakto-dead", "game=notakto:2&position=xxx......,x.x......&view=play", true, true},
		{"digraph", "game=digraph:0-1,1-2,2-3,3-4&position=0&view=play", false, true},
	}
	for _, g := range games {
		if g.long && !gametest.Long() {
			continue
		}
		t.Run(g.name, func(t *testing.T) {
			p.open(t, g.query)
			waitText(t, c, "the picture", "document.querySelector('#picture .pick') ? 'yes' : ''")
			p.shot(t, "play-"+g.name+"-start")
			result, log := playToEnd(t, p, g.name)
			p.shot(t, "play-"+g.name+"-end")
			lines := strings.Split(log, "\n")
			last := lines[len(lines)-1]
			you, bot := "You:", "Bot:" // the last mover, who wins
			if g.misere {
				you, bot = bot, you
			}
			switch {
			case strings.Contains(result, "you win"):
				if !strings.HasPrefix(last, you) {
					t.Errorf("%s: %q but the last move was %q", g.name, result, last)
				}
			case strings.Contains(result, "the bot wins"):
				if !strings.HasPrefix(last, bot) {
					t.Errorf("%s: %q but the last move was %q", g.name, result, last)
				}
			default:
				t.Errorf("%s: result %q names no winner", g.name, result)
			}
			if t.Failed() {
				p.failShot(t, g.name)
			}
			t.Logf("%s: %s after %d moves", g.name, result, len(lines))
		})
	}
}

// TestPhoneWidth opens each kind of picture at a phone's width (360 CSS
// pixels) with the hint shown, and checks that nothing makes the page
// scroll sideways, that every piece to point at has a name for a screen
// reader, and that the hint stars a piece of the picture.
func TestPhoneWidth(t *testing.T) {
	gametest.SkipUnlessLong(t)
	p := openSite(t)
	c := p.c
	if err := c.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": true}, nil); err != nil {
		t.Fatal(err)
	}
	for _, g := range []struct{ name, query string }{
		{"nim", "game=nim&position=3,5,6&view=play"},
		{"kayles", "game=.77&position=12,7&view=play"},
		{"cram", "game=cram:4x5&view=play"},
		{"cram-parts", "game=cram:4x5&view=play&at=0,1,5,6,10,11,15,16,3,4,8,9"},
		{"chomp", "game=chomp:4x6&view=play"},
		{"nodekayles", "game=nodekayles:grid:4x4&view=play"},
		{"hackenbush", "game=hackenbush:g-1,1-2,2-g,2-3,3-4,g-5,5-6&view=play"},
		{"coins", "game=coins:mock-turtles:1,4,6&view=play"},
		{"coins2", "game=coins2:corners:4.4,2.3,3.1&view=play"},
		{"notakto", "game=notakto:5&view=play"},
		{"digraph", "game=digraph:0-1,1-2,2-0,2-3,3-4&position=0,3&view=play"},
		{"subadd", "game=subadd:2,3/1/20&position=4,7&view=play"},
	} {
		p.open(t, g.query)
		waitText(t, c, g.name+" picture", "document.querySelector('#picture .pick') ? 'yes' : ''")
		if _, err := c.eval("document.getElementById('hintbtn').click()"); err != nil {
			t.Fatal(err)
		}
		waitText(t, c, g.name+" hint", text("hint"))
		p.shot(t, "phone-"+g.name)
		if w, _ := c.eval("String(document.documentElement.scrollWidth)"); w != "360" {
			p.failShot(t, "phone-"+g.name)
			t.Errorf("%s: the page is %s px wide at a 360 px screen", g.name, w)
		}
		if n, _ := c.eval("String([...document.querySelectorAll('#picture .pick')].filter(e => !e.getAttribute('aria-label')).length)"); n != "0" {
			t.Errorf("%s: %s pieces have no aria-label", g.name, n)
		}
		if g.name == "nim" { // keyboard play: Tab to a piece, Enter plays it
			if _, err := c.eval("document.querySelector('#picture .pick').focus()"); err != nil {
				t.Fatal(err)
			}
			if err := c.call("Input.dispatchKeyEvent", map[string]any{"type": "keyDown", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13}, nil); err != nil {
				t.Fatal(err)
			}
			if log := waitText(t, c, "a move played by the keyboard", "[...document.querySelectorAll('#log li')].map(li => li.textContent).join('|')"); !strings.Contains(log, "You:") || !strings.Contains(log, "Bot:") {
				t.Errorf("Enter on a token: the log shows %q", log)
			}
			if a := waitText(t, c, "the announcement", text("announce")); !strings.Contains(a, "The bot:") {
				t.Errorf("a screen reader is told %q after a move", a)
			}
			if f, _ := c.eval("document.activeElement && document.activeElement.classList.contains('pick') ? 'yes' : 'no'"); f != "yes" {
				t.Error("after a move by the keyboard the focus left the picture")
			}
			p.shot(t, "phone-nim-after")
			continue
		}
		if n, _ := c.eval("String(document.querySelectorAll('#picture .hinted').length)"); n == "0" {
			if h, _ := c.eval(text("hint")); !strings.Contains(h, "0") {
				t.Errorf("%s: the hint outlines nothing and says %q", g.name, h)
			}
		}
	}
}
