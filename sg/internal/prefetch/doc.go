// Package prefetch starts memory transfers ahead of their use: Line asks
// the processor for a cache line without waiting for it, so that a later
// load finds it there. It is for hot loops that know which line they will
// read a few hundred nanoseconds before they read it (on amd64; elsewhere
// Line does nothing).
package prefetch
