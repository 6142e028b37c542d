package search

import "github.com/impartial-go/impartial/sg/search/internal/tt"

// Distinct returns the number of options of opts that differ after
// splitting and canonical forms: what Solver.anyOption searches.
func Distinct[P comparable](s *Solver[P], opts []P) int {
	idx, _ := s.distinct(opts)
	return len(idx)
}

// Wide reports whether the solver's table holds wide (128-bit) keys.
func Wide[P comparable](s *Solver[P]) bool { return s.pt != nil && s.pt.Wide() }

// StartFull makes the tables of solvers made from now on start at their
// budget instead of small, until the returned function is called: a
// small search then meets the memory of a long one, whose table is too
// large for the processor's caches.
func StartFull() (restore func()) {
	old := tt.StartBuckets
	tt.StartBuckets = 1 << 40
	return func() { tt.StartBuckets = old }
}

// SetSplitLag sets how many options a worker splits ahead of the one it
// reads the table for (see splitPacked), in a table of any size, until
// restore is called.
func SetSplitLag(n int) (restore func()) {
	old, oldBytes := splitLag, pipelineBytes
	splitLag, pipelineBytes = n, 0
	return func() { splitLag, pipelineBytes = old, oldBytes }
}

// PendingMarks counts the entries of the idle workers' facts still marked
// as waiting for a read: splitPacked must leave none.
func PendingMarks[P comparable](s *Solver[P]) int {
	s.idleMu.Lock()
	defer s.idleMu.Unlock()
	n := 0
	for _, w := range s.idle {
		for _, e := range w.facts {
			if e.ok && e.fact&pendingFact != 0 {
				n++
			}
		}
	}
	return n
}

// Largest returns the index of the component of comps the solver asks
// last in a sum (Solver.largest).
func Largest[P comparable](s *Solver[P], comps []P) int { return s.largest(comps) }
