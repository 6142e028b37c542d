package sg

import "unsafe"

// The engine's fast path for a [game.Dense] game reads positions as the
// ints they are. Its type parameter P is then int: NewEngine checks it
// once (Dense embeds Indexer[int], and any(*new(P)).(int) succeeds) and
// only then gives the engine a denseMemo (Engine.ints, and Engine.fast
// when nothing wraps it). Go has no conversion from a type parameter to
// int that costs nothing (any(p).(int) boxes p in the hot loop, and a type
// switch is not free either), so the four functions below reinterpret the
// memory instead. They are the only uses of unsafe in the engine, and each
// is valid only when P is int, which every caller has made sure of: they
// run in denseMemo's methods, on the fast path that Engine.fast and
// Engine.cells lead to, and on SharedEngine's cells, which exist only for
// Engine.ints. TestIntReinterpret checks them.

// asInt reads a position that is an int.
func asInt[P comparable](p *P) int { return *(*int)(unsafe.Pointer(p)) }

// intAs returns the int i as a position of type P, which is int.
func intAs[P comparable](i int) P { return *(*P)(unsafe.Pointer(&i)) }

// intPointer returns p, a position of type P, which is int, as an *int.
func intPointer[P comparable](p *P) *int { return (*int)(unsafe.Pointer(p)) }

// asInts returns the slice of positions kids, whose type P is int, as an
// []int sharing its memory.
func asInts[P comparable](kids []P) []int { return *(*[]int)(unsafe.Pointer(&kids)) }
