package main

import (
	"strconv"
	"strings"
	"testing"
)

// press sends a key to the page as the keyboard does: Enter also types
// its character, so a focused button is pressed as by a person.
func press(t *testing.T, c *cdp, key string) {
	t.Helper()
	codes := map[string]int{"Enter": 13, "ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40}
	down := map[string]any{"type": "keyDown", "key": key, "code": key, "windowsVirtualKeyCode": codes[key]}
	if key == "Enter" {
		down["text"] = "\r"
	}
	for _, ev := range []map[string]any{down, {"type": "keyUp", "key": key, "code": key, "windowsVirtualKeyCode": codes[key]}} {
		if err := c.call("Input.dispatchKeyEvent", ev, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// focused names the element that has the keyboard's focus.
const focused = "(document.activeElement && (document.activeElement.getAttribute('aria-label') || document.activeElement.id)) || ''"

// moveLog is the game's log, one move a line.
const moveLog = "[...document.querySelectorAll('#log li')].map(li => li.textContent).join('\\n')"

// TestKeyboardGrid plays Notakto and a board of coins by the keyboard
// alone: Tab to the picture, the arrow keys across the grid, Enter to put
// an X or to choose a coin, Enter on the Turn button; and checks that the
// hint explains the move by its parts (the misère quotient's elements,
// the heads' values).
func TestKeyboardGrid(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module and starts a browser")
	}
	p := openSite(t)
	c := p.c
	defer func() {
		if t.Failed() {
			p.failShot(t, "keyboard")
		}
	}()

	p.open(t, "game=notakto:2&view=play")
	waitText(t, c, "the Notakto boards", "document.querySelector('#picture .pick') ? 'yes' : ''")
	if _, err := c.eval("document.querySelector('#picture .pick').focus()"); err != nil {
		t.Fatal(err)
	}
	press(t, c, "ArrowRight")
	press(t, c, "ArrowDown")
	if f, _ := c.eval(focused); f != "put an X at board 1, row 2, column 2" {
		t.Fatalf("right and down from the first cell: the focus is on %q, want the centre of board 1", f)
	}
	press(t, c, "Enter")
	log := waitText(t, c, "the bot's reply", "("+moveLog+").includes('Bot:') ? "+moveLog+" : ''")
	if !strings.HasPrefix(log, "You: board 1, row 2, column 2\nBot: ") {
		t.Errorf("after Enter on the centre of board 1 the log shows %q", log)
	}
	if f, _ := c.eval("document.activeElement && document.activeElement.classList.contains('pick') ? 'yes' : 'no'"); f != "yes" {
		t.Error("after a move by the keyboard the focus left the boards")
	}
	if _, err := c.eval("document.getElementById('hintbtn').click()"); err != nil {
		t.Fatal(err)
	}
	if h := waitText(t, c, "the Notakto hint", text("hint")); !strings.Contains(h, "P-portion") || !strings.Contains(h, "board 1 is") {
		t.Errorf("the Notakto hint does not explain by the quotient: %q", h)
	}
	p.shot(t, "keyboard-notakto")

	// Turning Corners, 1.2 and 2.3: 1 ⊗ 2 ⊕ 2 ⊗ 3 = 2 ⊕ 1 = 3, a win for
	// the player to move; choose the coins of a winning move by Enter.
	p.open(t, "game=coins2:corners:1.2,2.3&view=play")
	waitText(t, c, "the board of coins", "document.querySelector('#picture .pick') ? 'yes' : ''")
	want, err := c.eval("game.r.picture.moves.find(m => m.winning).text")
	if err != nil || want == "" {
		t.Fatalf("no winning move listed for corners 1.2, 2.3 (%v)", err)
	}
	picks, _ := c.eval("game.r.picture.moves.find(m => m.winning).pick.join(',')")
	for e := range strings.SplitSeq(picks, ",") {
		if _, err := c.eval("document.querySelector('#picture .pick[data-e=\"" + e + "\"]').focus()"); err != nil {
			t.Fatal(err)
		}
		press(t, c, "Enter")
	}
	if n, _ := c.eval("String(document.querySelectorAll('#picture .chosen').length)"); n != strconv.Itoa(len(strings.Split(picks, ","))) {
		t.Errorf("%s chosen by Enter, %s coins marked chosen", picks, n)
	}
	if _, err := c.eval("document.getElementById('turnbtn').focus()"); err != nil {
		t.Fatal(err)
	}
	press(t, c, "Enter")
	log = waitText(t, c, "the bot's reply", "("+moveLog+").includes('Bot:') ? "+moveLog+" : ''")
	if !strings.HasPrefix(log, "You: "+want+"\n") {
		t.Errorf("after turning %s by the keyboard the log shows %q", want, log)
	}
	p.shot(t, "keyboard-coins2")
}
