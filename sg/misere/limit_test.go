package misere

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
)

// Issue 38, point 1: the exhaustive misère search of a sum of many heaps
// (Kayles on heaps 1…200: 20,100 options of about 300 bytes at each level)
// stops at the memory bound with a *sg.LimitError, before it expands a
// position whose options would not fit, and its message names the
// position readably.
func TestEngineMemoryBound(t *testing.T) {
	sizes := make([]int, 200)
	for i := range sizes {
		sizes[i] = i + 1
	}
	p, _ := game.MakeHeaps(sizes...)
	e := NewEngine[game.Heaps](game.NewHeapGame(rulesets.Kayles()), WithMemory(16<<20))
	start := time.Now()
	_, err := e.Value(context.Background(), p)
	var le *sg.LimitError
	if !errors.As(err, &le) || le.Bound != "memory" || le.Limit != 16<<20 || !errors.Is(err, sg.ErrLimit) {
		t.Fatalf("Kayles on heaps 1…200 under 16 MiB: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("stopped after %v", d)
	}
	if msg := err.Error(); !utf8.ValidString(msg) || !strings.Contains(msg, "at (1, ") || len(msg) > 400 {
		t.Errorf("message %q", msg)
	}
	// What was finished stays: a small position is still valued.
	small, _ := game.MakeHeaps(3)
	if v, err := e.Value(context.Background(), small); err != nil || v != 3 {
		t.Errorf("after the bound: Kayles heap 3 misère value %v, %v", v, err)
	}
}

// A long search polls its context within milliseconds of work, whatever
// one expansion costs.
func TestEngineCancelPrompt(t *testing.T) {
	sizes := make([]int, 60)
	for i := range sizes {
		sizes[i] = i + 1
	}
	p, _ := game.MakeHeaps(sizes...)
	e := NewEngine[game.Heaps](game.NewHeapGame(rulesets.Kayles()), WithMemory(0), WithMaxPositions(0))
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := e.Value(ctx, p)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Kayles on heaps 1…60 with a 100 ms deadline: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("returned after %v", d)
	}
}

// Issue 38, point 4: the genus of a large heap of Grundy's game is bounded
// by bytes, and the message writes the position readably (no packed
// bytes, valid UTF-8).
func TestGenusMemoryBound(t *testing.T) {
	e := NewEngine[game.Heaps](game.NewHeapGame(rulesets.Grundy{}), WithMemory(4<<20))
	p, _ := game.MakeHeaps(1000)
	_, err := e.Genus(context.Background(), p)
	var le *sg.LimitError
	if !errors.As(err, &le) || le.Bound != "memory" {
		t.Fatalf("genus of Grundy's game heap 1000 under 4 MiB: %v", err)
	}
	if msg := err.Error(); !utf8.ValidString(msg) || strings.Contains(msg, "{") || !strings.Contains(msg, "genus of (1000)") {
		t.Errorf("message %q", msg)
	}
}

// Positions are written for messages by their String method, cut on a
// character boundary, as valid UTF-8.
func TestPosString(t *testing.T) {
	p, _ := game.MakeHeaps(1000, 2)
	if s := posString(p); s != "(2, 1000)" {
		t.Errorf("heaps: %q", s)
	}
	if s := posString(plus[game.Heaps]{p: p, twos: 2}); s != "(2, 1000) + 2×*2 + 0×*1" {
		t.Errorf("plus: %q", s)
	}
	if s := posString("\xff\x01é" + strings.Repeat("é", 100)); !utf8.ValidString(s) || len(s) > maxPosString+4 {
		t.Errorf("bytes: %q", s)
	}
}

// An engine without a game, or a zero Engine, returns errors, not panics.
func TestEngineWithoutGame(t *testing.T) {
	ctx := context.Background()
	var zero Engine[int]
	for _, e := range []*Engine[int]{NewEngine[int](nil), &zero} {
		if _, err := e.Value(ctx, 1); err == nil {
			t.Error("Value accepted")
		}
		if _, err := e.Genus(ctx, 1); err == nil {
			t.Error("Genus accepted")
		}
		if _, err := e.WinningMoves(ctx, 1); err == nil {
			t.Error("WinningMoves accepted")
		}
	}
}
