package sg

import (
	"errors"
	"fmt"
)

// ErrLimit is wrapped by every error of this module that reports a bound
// reached: a memory budget in bytes, a count of positions or elements, a
// depth. Test for it with errors.Is; get the bound with errors.As and a
// [*LimitError].
//
// The options that set bounds use one vocabulary in every package:
// WithMemory(bytes) bounds memory in bytes, WithMaxPositions(n) bounds a
// count of positions, and WithProgress(every, f) asks for a report at most
// once per time interval.
var ErrLimit = errors.New("limit reached")

// LimitError reports which bound a computation reached. It wraps
// [ErrLimit].
type LimitError struct {
	// Op names the computation that stopped, such as "sg.Engine.Value".
	Op string
	// Bound names what was bounded: "memory" (bytes), "positions",
	// "elements", "depth", "size" or "moves".
	Bound string
	// Limit is the bound's value, in the unit Bound names.
	Limit int64
	// Need is how much the computation needed, or 0 where unknown.
	Need int64
	// Detail, when not empty, says more: where the bound was reached.
	Detail string
}

// Error says which bound was reached, where, and by how much.
func (e *LimitError) Error() string {
	unit := e.Bound
	if unit == "memory" {
		unit = "bytes of memory"
	}
	s := fmt.Sprintf("%s: limit of %d %s reached", e.Op, e.Limit, unit)
	if e.Need > 0 {
		s += fmt.Sprintf(" (needs %d)", e.Need)
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns [ErrLimit].
func (e *LimitError) Unwrap() error { return ErrLimit }

// ErrCheckpoint is wrapped by the error returned when a saved file (a
// checkpoint of a value sequence, a saved search table) cannot be used:
// damaged, truncated, of another format version, or made for another game
// or other options.
var ErrCheckpoint = errors.New("unusable checkpoint")
