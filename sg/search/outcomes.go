package search

import (
	"context"
	"fmt"

	"github.com/impartial-go/impartial/sg"
)

// Outcomes returns the outcome of each position of ps, as [Solver.Outcome]
// would, in the order of ps: the winning moves of a position are its
// options whose outcome is [sg.P]. The workers take the positions in turn,
// each searched by one worker with the cut-offs of Outcome (a worker with
// none left helps one still being searched), so that no worker searches
// the options of a position that another has already found a winning
// move of; positions equal after splitting and canonical forms are
// searched once. It returns ctx's error when ctx is done first (the
// outcomes found until then stay in the table).
func (s *Solver[P]) Outcomes(ctx context.Context, ps []P) (_ []sg.Outcome, err error) {
	ctx, end := s.begin(ctx)
	defer func() { err = end(err) }()
	idx, rep := s.distinct(ps)
	isP, _, err := s.fan(ctx, ps, idx, func(w *worker[P], o P) bool { return w.sumHas(o, 0, 0) }, false)
	if err != nil {
		return nil, fmt.Errorf("search: outcomes of %d positions: %w", len(ps), err)
	}
	out := make([]sg.Outcome, len(ps))
	for i, j := range rep {
		out[i] = sg.N
		if isP[j] {
			out[i] = sg.P
		}
	}
	return out, nil
}
