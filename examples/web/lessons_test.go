package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
)

// lessonAnswers are the answers of the lessons, step by step, from the
// theory (not from the page): Nim 1,1 is P and 1,2 is N; in take 1 or 2,
// G(5) = 5 mod 3 = 2; a row of 4 Kayles pins is worth 1; 3 ⊕ 5 ⊕ 6 = 0;
// in Nim 3,4,5 only heap 1 changes (3 → 1); in take 1 to 3, G(5) ⊕ G(7) =
// 1 ⊕ 3 = 2, with period 4; misère Nim 1,1,1 is P; two tokens on the
// cycle of Ferguson's graph draw.
var lessonAnswers = []string{"P", "N", "2", "1", "0", "1", "2", "4", "P", "D"}

// TestLessons completes every lesson: the page checks each right answer
// and refuses a wrong one.
func TestLessons(t *testing.T) {
	gametest.SkipUnlessLong(t)
	p := openSite(t)
	c := p.c
	n, err := func() (string, error) {
		p.open(t, "view=lesson&step=1")
		waitText(t, c, "lesson 1", text("lesson-title"))
		return c.eval("String(LESSONS.length)")
	}()
	if err != nil || n != fmt.Sprint(len(lessonAnswers)) {
		t.Fatalf("the page has %s lessons (%v), the test knows %d", n, err, len(lessonAnswers))
	}
	answer := func(a string) string {
		t.Helper()
		js := fmt.Sprintf(`(() => {
  const r = document.querySelector('#quiz input[type=radio][value=%q]');
  if (r) r.click(); else document.getElementById('answer').value = %q;
  document.getElementById('check').click();
  return 'ok';
})()`, a, a)
		if _, err := c.eval(js); err != nil {
			t.Fatal(err)
		}
		return waitText(t, c, "feedback", text("feedback"))
	}
	for k, a := range lessonAnswers {
		step := k + 1
		if step == 1 {
			p.open(t, "view=lesson&step=1")
		} else { // the Next link, as a student goes
			if _, err := c.eval("document.getElementById('next').click()"); err != nil {
				t.Fatal(err)
			}
		}
		title := waitText(t, c, fmt.Sprintf("lesson %d", step), fmt.Sprintf("(%s).startsWith('Lesson %d ') ? %s : ''", text("lesson-title"), step, text("lesson-title")))
		if step == 3 {
			if f := answer("7"); !strings.HasPrefix(f, "✘") {
				t.Errorf("lesson 3 took the wrong answer 7: %q", f)
			}
		}
		if f := answer(a); !strings.HasPrefix(f, "✔") {
			p.failShot(t, fmt.Sprintf("lesson-%d", step))
			t.Errorf("%s: answer %s: %q", title, a, f)
		}
		p.shot(t, fmt.Sprintf("lesson-%d", step))
		if u, _ := c.eval("location.search"); !strings.Contains(u, fmt.Sprintf("step=%d", step)) {
			t.Errorf("lesson %d has the address %s", step, u)
		}
	}
}

// TestGrundyList: a rule whose moves no picture expresses (Grundy's game
// splits a heap without taking) is played from the list, opened for it.
func TestGrundyList(t *testing.T) {
	gametest.SkipUnlessLong(t)
	p := openSite(t)
	c := p.c
	p.open(t, "game=grundy&position=7&view=play")
	waitText(t, c, "the list open", "document.querySelector('details[open] .playmoves button') ? 'yes' : ''")
	for i := 0; i < 20; i++ {
		s, _ := c.eval(`(() => { if (document.getElementById('result')) return 'over';
  if (!document.getElementById('busy').hidden) return '';
  const b = document.querySelector('.playmoves button'); if (b) b.click(); return ''; })()`)
		if s == "over" {
			return
		}
		waitText(t, c, "an answer", "document.getElementById('busy').hidden ? 'idle' : ''")
	}
	p.failShot(t, "grundy")
	t.Error("Grundy's game 7 did not end after 20 moves from the list")
}

// TestLargeHeaps: heaps too large to draw token by token are bars, and
// the list of moves is open.
func TestLargeHeaps(t *testing.T) {
	gametest.SkipUnlessLong(t)
	p := openSite(t)
	c := p.c
	p.open(t, "game=nim&position=500,300&view=play")
	waitText(t, c, "the list open", "document.querySelector('details[open] .playmoves button') ? 'yes' : ''")
	if n, _ := c.eval("String(document.querySelectorAll('#picture rect.bar').length)"); n != "2" {
		t.Errorf("Nim 500,300: %s bars, want 2", n)
	}
	p.shot(t, "large-heaps")
}
