package search

// Distinct returns the number of options of opts that differ after
// splitting and canonical forms: what Solver.anyOption searches.
func Distinct[P comparable](s *Solver[P], opts []P) int { return len(s.distinct(opts)) }

// Wide reports whether the solver's table holds wide (128-bit) keys.
func Wide[P comparable](s *Solver[P]) bool { return s.pt != nil && s.pt.wide.Load() != nil }

// StartFull makes the tables of solvers made from now on start at their
// budget instead of small, until the returned function is called: a
// small search then meets the memory of a long one, whose table is too
// large for the processor's caches.
func StartFull() (restore func()) {
	old := startBuckets
	startBuckets = 1 << 40
	return func() { startBuckets = old }
}
