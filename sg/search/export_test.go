package search

// Distinct returns the number of options of opts that differ after
// splitting and canonical forms: what Solver.anyOption searches.
func Distinct[P comparable](s *Solver[P], opts []P) int { return len(s.distinct(opts)) }

// Wide reports whether the solver's table holds wide (128-bit) keys.
func Wide[P comparable](s *Solver[P]) bool { return s.pt != nil && s.pt.wide.Load() != nil }
