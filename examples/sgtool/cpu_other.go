//go:build !unix

package main

// cpuSeconds returns 0: this system's CPU time is not read.
func cpuSeconds() float64 { return 0 }
