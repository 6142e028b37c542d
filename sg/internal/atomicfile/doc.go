// Package atomicfile writes files that are never seen half-written: the
// checkpoints of long computations (package sequence's values, package
// search's tables), which a crash or an interrupt must leave either as
// they were or whole.
//
// [Write] writes to a temporary file in the target's directory, syncs it
// to the disk and renames it over the target: a rename within one
// directory replaces the file at once, so a reader sees the old file or
// the new one, never a mixture.
package atomicfile
