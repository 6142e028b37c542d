package split

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
	"github.com/impartial-go/impartial/sg/search"
)

// Run computes job j's result: the value of its position, read by c, in
// g, by a search of package sg/search with opts (its memory, workers, a
// checkpoint that makes the job resumable: see [search.WithCheckpoint]).
// g must be the game of j's spec. It returns an error naming the job when
// j is of another format or its fingerprint is not its own, when its
// position cannot be read, and the search's errors (ctx's when ctx is
// done). Its cost is the search's.
func Run[P comparable](ctx context.Context, g game.Game[P], c Codec[P], j Job, opts ...search.Option) (Result, error) {
	if err := j.Check(); err != nil {
		return Result{}, err
	}
	p, err := c.Parse(j.Position)
	if err != nil {
		return Result{}, fmt.Errorf("split: job %d of manifest %s: bad position %q: %w", j.Index, j.Manifest, j.Position, err)
	}
	start := time.Now()
	s, err := search.New(g, opts...)
	if err != nil {
		return Result{}, fmt.Errorf("split: job %d: %w", j.Index, err)
	}
	v, err := s.Value(ctx, p)
	if err != nil {
		return Result{}, fmt.Errorf("split: job %d of manifest %s: %w", j.Index, j.Manifest, err)
	}
	return Result{Manifest: j.Manifest, Index: j.Index, Fingerprint: j.Fingerprint, Value: uint64(v),
		Expanded: s.Stats().Expanded, Seconds: time.Since(start).Seconds(), Library: Library()}, nil
}

// SetCodec writes a [bitset.Set] position as its two words in
// hexadecimal, high word first, "hi:lo" (so "0:3f" holds cells 0 to 5):
// the codec of any game on sets of at most 128 cells or vertices.
type SetCodec struct{}

// Format writes s as "hi:lo" in hexadecimal.
func (SetCodec) Format(s bitset.Set) string {
	return strconv.FormatUint(s.Hi, 16) + ":" + strconv.FormatUint(s.Lo, 16)
}

// Parse reads "hi:lo" back; an error names the text when it is not two
// hexadecimal words.
func (SetCodec) Parse(text string) (bitset.Set, error) {
	hi, lo, ok := strings.Cut(strings.TrimSpace(text), ":")
	h, err1 := strconv.ParseUint(hi, 16, 64)
	l, err2 := strconv.ParseUint(lo, 16, 64)
	if !ok || err1 != nil || err2 != nil {
		return bitset.Set{}, fmt.Errorf("split: bad set %q: want two hexadecimal words hi:lo", text)
	}
	return bitset.Set{Lo: l, Hi: h}, nil
}
