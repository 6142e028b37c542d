package split

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/impartial-go/impartial/game"
	"github.com/impartial-go/impartial/game/bitset"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/search"
)

// Run computes job j's result: the value of its position, read by c, in
// g, or which of the values the job asks about it is, or that it is none
// of them ([search.Solver.ValueIn]), by a search of package sg/search with opts (its memory, workers, a
// checkpoint that makes the job resumable: see [search.WithCheckpoint]).
// g must be the game of j's spec. It returns an error naming the job when
// j is of another format or its fingerprint is not its own, when its
// position cannot be read, and the search's errors (ctx's when ctx is
// done). Its cost is the search's.
func Run[P comparable](ctx context.Context, g game.Game[P], c Codec[P], j Job, opts ...search.Option) (Result, error) {
	var r Result
	err := RunGroup(ctx, g, c, []Job{j}, func(x Result) error { r = x; return nil }, opts...)
	return r, err
}

// RunGroup runs jobs one after the other in one search with one table
// (opts as for [Run]), so that what one job learnt about the positions
// its siblings share is not computed again, and gives each result to
// each as soon as it is found; an error of each stops it. The jobs must
// be of one manifest. Each result counts the positions its own job
// expanded. Errors are Run's.
func RunGroup[P comparable](ctx context.Context, g game.Game[P], c Codec[P], jobs []Job, each func(Result) error, opts ...search.Option) error {
	ps := make([]P, len(jobs))
	for i, j := range jobs {
		if err := j.Check(); err != nil {
			return err
		}
		if j.Manifest != jobs[0].Manifest {
			return fmt.Errorf("split: jobs %d and %d are of two manifests, %s and %s", jobs[0].Index, j.Index, jobs[0].Manifest, j.Manifest)
		}
		p, err := c.Parse(j.Position)
		if err != nil {
			return fmt.Errorf("split: job %d of manifest %s: bad position %q: %w", j.Index, j.Manifest, j.Position, err)
		}
		ps[i] = p
	}
	s, err := search.New(g, opts...)
	if err != nil {
		return fmt.Errorf("split: %w", err)
	}
	for i, j := range jobs {
		start, before := time.Now(), s.Stats().Expanded
		v, in, err := answer(ctx, s, ps[i], j)
		if err != nil {
			return fmt.Errorf("split: job %d of manifest %s: %w", j.Index, j.Manifest, err)
		}
		r := Result{Manifest: j.Manifest, Index: j.Index, Fingerprint: j.Fingerprint, Value: uint64(v), Outside: !in,
			Expanded: s.Stats().Expanded - before, Seconds: time.Since(start).Seconds(), Library: Library()}
		if err := each(r); err != nil {
			return err
		}
	}
	return nil
}

// answer asks s job j's question about p: its full value, or which of
// the values asked it is ([search.Solver.ValueIn]); in is false when it
// is none of them.
func answer[P comparable](ctx context.Context, s *search.Solver[P], p P, j Job) (v sg.Nimber, in bool, err error) {
	if len(j.Ask) == 0 {
		v, err = s.Value(ctx, p)
		return v, true, err
	}
	return s.ValueIn(ctx, p, j.AskSet())
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
