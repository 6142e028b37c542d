// Package gametest helps test impartial-game code: reproducible seeds for
// gopter property tests, and random small games to test against, in the
// spirit of testing/fstest.
//
// Every property test in this module takes its seed from the environment
// variable IMPARTIAL_SEED when it is set, and otherwise from the clock; the
// seed is printed when the test fails, so a failure can be replayed with
//
//	IMPARTIAL_SEED=1234 go test -run TestName ./pkg
//
// A property test in this style:
//
//	func TestMyProperty(t *testing.T) {
//		props := gopter.NewProperties(gametest.Parameters(t, 500))
//		props.Property("…", prop.ForAll(func(seed uint64) bool {
//			d := gametest.RandomDAG(rand.New(rand.NewPCG(seed, 1)), 20, 0.3)
//			… compare a fast answer with sg.Exhaustive on d …
//		}, gen.UInt64()))
//		props.TestingRun(t)
//	}
package gametest
