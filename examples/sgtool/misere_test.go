package main

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/impartial-go/impartial/sg"
)

func TestMisereCommands(t *testing.T) {
	for _, c := range []struct {
		cmd  func(context.Context, []string, *bytes.Buffer) error
		args string
		want string // exact output, or a substring of the error
		bad  bool   // a usage error
	}{
		// misère Nim (Bouton 1902): (1, 1) is N, take one heap away; (2, 2) is P.
		{misereCmd, "nim 1 1", `{"game":"nim","heaps":[1,1],"outcome":"N","moves":[{"heap":0,"from":1,"to":[]}]}`, false},
		{misereCmd, "nim 2 2", `{"game":"nim","heaps":[2,2],"outcome":"P","moves":[]}`, false},
		// Kayles (0.77) under misère play: a heap of 2 is N, taking one leaves
		// a single token for the opponent to take last.
		{misereCmd, ".77 2", `{"game":"0.77","heaps":[2],"outcome":"N","moves":[{"heap":0,"from":2,"to":[1]}]}`, false},
		{misereCmd, "nim -1", `bad heap "-1"`, true},
		{misereCmd, "frob 1", `"frob"`, true},
		// The genera of Nim heaps (On Numbers and Games, ch. 12).
		{genusCmd, "nim 0", `{"game":"nim","heap":0,"genus":"0^120","tame":true}`, false},
		{genusCmd, "nim 1", `{"game":"nim","heap":1,"genus":"1^031","tame":true}`, false},
		{genusCmd, "nim 2", `{"game":"nim","heap":2,"genus":"2^20","tame":true}`, false},
		{genusCmd, "nim", "want GAME HEAP", true},
		// The quotient T2 of misère Nim on heaps ≤ 3 (Plambeck–Siegel 2008).
		{quotientCmd, "0.[3] -max 3", `{"code":"0.[3]","max":3,"order":6,"generators":[1,2],"p_portion":["a","b^2"],"pretending":["1","a","b","ab"],"relations":["a^2=1","b^3=b"]}`, false},
		// Names work where codes do: kayles is 0.77.
		{quotientCmd, "kayles -max 1", `{"code":"0.77","max":1,"order":2,"generators":[1],"p_portion":["a"],"pretending":["1","a"],"relations":["a^2=1"]}`, false},
		// 0.75 is proven periodic (Quotient.Periodic) at heap 21, period 2
		// from heap 8; at heap 20 the proof does not hold yet and the fields
		// are left out.
		{quotientCmd, ".75 -max 21", `{"code":"0.75","max":21,"order":8,"generators":[1,2,5],"p_portion":["a","b^2"],"pretending":["1","a","b","a","b","c","b","c","b","ab^2","b","ab^2","b","ab^2","b","ab^2","b","ab^2","b","ab^2","b","ab^2"],"relations":["a^2=1","b^3=b","bc=ab","c^2=b^2"],"complete":true,"proved_at":21,"period":2,"preperiod":8}`, false},
		{quotientCmd, ".75 -max 20", `{"code":"0.75","max":20,"order":8,"generators":[1,2,5],"p_portion":["a","b^2"],"pretending":["1","a","b","a","b","c","b","c","b","ab^2","b","ab^2","b","ab^2","b","ab^2","b","ab^2","b","ab^2","b"],"relations":["a^2=1","b^3=b","bc=ab","c^2=b^2"]}`, false},
		// Kayles: 40 elements, period 12 from heap 71, proven at heap 167.
		{quotientCmd, "kayles -max 167", `"relations":["a^2=1","b^3=b","bc^2=b","c^3=c","bd=bc","cd=b^2","d^3=d","be=bc","ce=b^2","e^2=de","bf=ab","cf=ab^2c","d^2f=f","f^2=b^2","b^2g=g","c^2g=g","dg=cg","eg=cg","fg=ag","g^2=b^2"],"complete":true,"proved_at":167,"period":12,"preperiod":71}`, false},
		{quotientCmd, "grundy -max 3", "not a take-and-break code", true},
		{quotientCmd, "0.F -max 3", "not an octal game", true},
		{quotientCmd, ".0x -max 3", `"x"`, true},
		{quotientCmd, ".07 -max -2", `bad -max "-2"`, true},
		{quotientCmd, ".07 -max 3 -workers 0", `bad -workers "0"`, true},
		{quotientCmd, "0.[3] -max 3 -workers 2", `{"code":"0.[3]","max":3,"order":6,"generators":[1,2],"p_portion":["a","b^2"],"pretending":["1","a","b","ab"],"relations":["a^2=1","b^3=b"]}`, false},
		{quotientCmd, ".07 -max 3 -verbose", "unknown flag", true},
		// Notakto (Plambeck and Whitehead 2013): one board is won by the
		// centre alone, two empty boards are P.
		{misereCmd, "notakto .........", `{"game":"notakto","boards":[".../.../..."],"outcome":"N","element":"d","moves":[{"board":0,"cell":4,"to":".../.x./..."}]}`, false},
		{misereCmd, "notakto .../.../... .........", `{"game":"notakto","boards":[".../.../...",".../.../..."],"outcome":"P","element":"c^2","moves":[]}`, false},
		{misereCmd, "notakto xxx/xxx/... x.x/.x./...", `{"game":"notakto","boards":["xxx/xxx/...","x.x/.x./..."],"outcome":"P","element":"a","moves":[]}`, false},
		{misereCmd, "notakto ......... x..", `board 1): notakto board "x..": 3 cells, want 9`, true},
		{misereCmd, "notakto ....o....", `board 0): notakto board "....o....": cell 4 is 'o'`, true},
		{misereCmd, "notakto", "want notakto BOARD", true},
		{quotientCmd, "notakto", `"order":18`, false},
	} {
		var out bytes.Buffer
		err := c.cmd(context.Background(), strings.Fields(c.args), &out)
		var ue *usageError
		switch {
		case c.bad:
			if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: error %v, want a usage error containing %s", c.args, err, c.want)
			}
		case err != nil:
			t.Errorf("%s: %v", c.args, err)
		case strings.HasPrefix(c.want, `"`) && strings.Contains(out.String(), c.want):
		case out.String() != c.want+"\n":
			t.Errorf("%s:\n got %s want %s", c.args, out.String(), c.want)
		}
	}
}

func misereCmd(ctx context.Context, args []string, out *bytes.Buffer) error {
	return cmdMisere(ctx, args, out, &bytes.Buffer{})
}

func genusCmd(ctx context.Context, args []string, out *bytes.Buffer) error {
	return cmdGenus(ctx, args, out, &bytes.Buffer{})
}

func quotientCmd(ctx context.Context, args []string, out *bytes.Buffer) error {
	return cmdQuotient(ctx, args, out, &bytes.Buffer{})
}

// quotient -progress writes a line for each heap adjoined to a standard
// error that is not a terminal, and the same JSON as without it.
func TestQuotientProgress(t *testing.T) {
	var out, errb bytes.Buffer
	if err := cmdQuotient(context.Background(), []string{"0.[3]", "-max", "3", "-progress"}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(errb.String(), "sgtool: heap "); lines != 3 || !strings.Contains(errb.String(), "heap 3/3, 6 elements") {
		t.Errorf("progress lines %q, want heaps 1 to 3", errb.String())
	}
	if !strings.Contains(out.String(), `"order":6`) {
		t.Errorf("output %s", out.String())
	}
}

// Issue 38, points 1 and 4: misere on a thousand Kayles heaps is refused
// at once for memory, and genus of a large heap of Grundy's game stops at
// -mem; both with readable messages (no packed positions, valid UTF-8).
func TestMisereMemoryBound(t *testing.T) {
	args := []string{"kayles"}
	for h := 1; h <= 1000; h++ {
		args = append(args, strconv.Itoa(h))
	}
	start := time.Now()
	err := cmdMisere(context.Background(), args, &bytes.Buffer{}, &bytes.Buffer{})
	if !errors.Is(err, sg.ErrLimit) || time.Since(start) > 5*time.Second {
		t.Errorf("misere kayles 1…1000: %v after %v", err, time.Since(start))
	}
	err = cmdGenus(context.Background(), []string{"grundy", "1000", "-mem", "4M"}, &bytes.Buffer{}, &bytes.Buffer{})
	if !errors.Is(err, sg.ErrLimit) || !utf8.ValidString(err.Error()) || strings.Contains(err.Error(), "{") {
		t.Errorf("genus grundy 1000 -mem 4M: %v", err)
	}
	var ue *usageError
	if err := cmdGenus(context.Background(), []string{"grundy", "10", "-mem", "12"}, &bytes.Buffer{}, &bytes.Buffer{}); !errors.As(err, &ue) {
		t.Errorf("genus -mem 12: %v", err)
	}
}

// Issue 38, point 7: genus takes one heap, so its error names no heap
// index ("(heap 0)" was the index of an argument list it has not).
func TestGenusBadHeapNamesNoIndex(t *testing.T) {
	err := genusCmd(context.Background(), []string{"kayles", "100000"}, &bytes.Buffer{})
	var ue *usageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), `bad heap "100000"`) || strings.Contains(err.Error(), "(heap") {
		t.Errorf("genus kayles 100000: %v, want a usage error naming the heap without an index", err)
	}
	err = misereCmd(context.Background(), []string{"kayles", "1", "100000"}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "(heap 1)") {
		t.Errorf("misere kayles 1 100000: %v, want the index of the bad heap", err)
	}
}
