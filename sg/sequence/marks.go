package sequence

import (
	"github.com/impartial-go/impartial/sg"
)

// markSet is a set of small values cleared in O(1): value v is in the set
// when st[v] == cur, and reset starts a new set by incrementing cur.
type markSet struct {
	st  []uint32
	cur uint32
}

// reset empties the set and makes room for values below size.
func (m *markSet) reset(size int) {
	if len(m.st) < size {
		m.st = make([]uint32, max(size, 2*len(m.st)))
		m.cur = 0
	}
	m.cur++
	if m.cur == 0 { // wrapped around: clear the stale stamps
		clear(m.st)
		m.cur = 1
	}
}

// mex returns the least value not in the set.
func (m *markSet) mex() sg.Nimber {
	for v, x := range m.st {
		if x != m.cur {
			return sg.Nimber(v)
		}
	}
	return sg.Nimber(len(m.st))
}
