// Package prefetch starts memory transfers ahead of their use: Line asks
// the processor for a cache line, and Pair for two adjacent ones, without
// waiting for them, so that a later load finds them there. It is for hot
// loops that know which memory they will read a few hundred nanoseconds
// before they read it (on amd64; elsewhere both do nothing). It is the
// module's one prefetch: package sequence and the search's table use it.
package prefetch
