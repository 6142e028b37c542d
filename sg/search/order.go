package search

// addOption records option i, whose unknown components are comps (the
// end of lv.ucomps) and the XOR of whose other components' values is x:
// its cost, and either its place in lv.pending or, with pot not nil and
// every component known, the removal of its value from *pot; false when
// *pot then has no value of r left (see splitAll).
//
// The cost is the size of the part of the option left to search,
// weighed, for a [game.MoveOrderer], with the option's place in the game's
// order. For a game that is a MoveOrderer, a [game.MoveCounter] and a
// [game.Packer] (Cram), it is the cells of the unknown components times
// cellWeight, plus the place. Otherwise it is the sum of the game's own
// sizes of the unknown components (a [game.Sizer]), else of their moves (for a MoveCounter), else of their cells
// (for a Packer), else their number; for a MoveOrderer, times
// orderWeight, plus the place.
func (w *worker[P]) addOption(lv *level[P], i int, comps []P, x uint32, pot *potSet, r uint64) bool {
	s := w.s
	cost := 0
	switch {
	case s.byCells:
		cells := 0
		for _, c := range comps {
			cells += keySize(s.pk.Pack(c))
		}
		cost = cellCost(cells, i)
	default:
		for _, c := range comps {
			switch {
			case s.sz != nil:
				cost += s.sz.Size(c)
			case s.mc != nil:
				cost += s.mc.NumMoves(c)
			case s.pk != nil:
				cost += keySize(s.pk.Pack(c))
			default:
				cost++
			}
		}
		if s.mo != nil {
			cost = cost*orderWeight + i
		}
	}
	lv.x = append(lv.x, x)
	lv.cost = append(lv.cost, int32(cost))
	if pot != nil && len(comps) == 0 {
		pot.remove(x)
		return pot.low&r != 0
	}
	lv.pending = append(lv.pending, int32(i))
	return true
}

// cellCost is the cost of the option in place i of its position's order
// whose components left to search have cells cells, for a Solver
// byCells: addOption's and splitDirect's.
func cellCost(cells, i int) int { return cells*cellWeight + i }

// cellWeight is what a cell left to search weighs in an option's cost
// against a place in a MoveOrderer's order, for a game that is also a
// MoveCounter and a game.Packer (see addOption): a cell less to search
// counts as much as sixteen places earlier in the order. The weight and
// the cells (rather than the moves) were chosen by measure, not derived:
// positions expanded on Cram, one worker, a table of 1 GiB, with the set
// search of wide positions of query (wideAsk), for the moves × 4 (the
// cost before, orderWeight) and the cells × 4, 8, 16 and 24:
//
//	4×9   158,102   147,986   151,234   152,767   167,842
//	4×11  7.62M     6.76M     5.63M     5.02M     4.66M
//	5×7   227,709   197,919   194,292   192,695   196,768
//	5×8   937,964   683,777   673,269   706,496   758,237
//	5×9   10.09M    9.46M     8.85M     9.40M     10.00M
//	6×5   28,752    24,941    26,320    28,158    29,898
//	6×7   53.87M    —         49.05M    49.02M    50.53M
//
// The sums over the boards but 6×7 are 17.27M, 15.53M, 15.49M and 15.81M
// for the cells × 4, 8, 16 and 24; with 6×7, 64.58M, 64.52M and 66.33M
// for 8, 16 and 24. So 16, by a little over 8: the narrow boards (4×n)
// gain with the weight, the others lose past 8. A weight that grows with
// the board's cells would not help: 4×11 and 5×9 have about as many and
// want different ones. The moves × 16 do worse than the cells × 16 on
// every board (4×11 8.02M, 5×9 12.36M). Node Kayles on a grid, a
// MoveOrderer and a Packer but no MoveCounter, keeps its cells ×
// orderWeight: there the cells × 8, 12 or 16 expand more positions on
// the 6×9 grid (1.03M, 1.03M, 1.08M against 0.78M) and the 7×8 grid
// (93.9k, 94.4k, 96.3k against 93.9k), fewer only on the small searches
// (the 7×7 grid: 10.5k, 10.8k, 10.7k against 13.0k).
const cellWeight = 16

// orderWeight is what a move (or cell, or component) left to search
// weighs in an option's cost against a place in a MoveOrderer's order,
// for a game that is no game.Packer (see addOption; for a Packer,
// cellWeight). With 4, an option of the game's first choices goes ahead
// of options a move or two cheaper. Measured on Cram with the moves (one
// worker, positions expanded), before cellWeight: 4×9 162k against 238k
// with the order as a tie-break alone, 5×7 228k against 303k, 5×8 958k
// against 1,154k, 4×10 1.81M against 1.97M, 6×6 433k against 480k, 7×7
// (two workers) 82M against 129M; 2, 6 and 8 do about as well, the
// order alone (no cost) worse on 4×10 (2.57M).
const orderWeight = 4
