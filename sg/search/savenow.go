package search

// SaveCheckpoint writes the solver's table to the file of [WithCheckpoint]
// now, as the saves during a question do (a temporary file renamed over
// it); for a solver made without WithCheckpoint it does nothing and
// returns nil. The saves of WithCheckpoint come every interval and when a
// question fails or is cancelled, so a program that has its answer calls
// SaveCheckpoint to keep its run's work, however short the run was. It
// costs O(table size) and may be called while questions run. It returns
// an error naming the file when the save fails.
func (s *Solver[P]) SaveCheckpoint() error {
	if s.cfg.ckptPath == "" {
		return nil
	}
	return s.saveCheckpoint()
}
