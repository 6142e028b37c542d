//go:build !unix

package main

import "os"

// usage is the user CPU (seconds) of a finished child process; its peak
// memory is not known on this system.
func usage(ps *os.ProcessState) (user float64, peak int64) {
	return ps.UserTime().Seconds(), 0
}
