//go:build unix

package main

import (
	"os"
	"runtime"
	"syscall"
)

// usage is the user CPU (seconds) and peak resident memory (bytes) of a
// finished child process, from its rusage.
func usage(ps *os.ProcessState) (user float64, peak int64) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, 0
	}
	user = float64(ru.Utime.Sec) + float64(ru.Utime.Usec)/1e6
	peak = int64(ru.Maxrss)
	if runtime.GOOS != "darwin" {
		peak *= 1024 // kilobytes everywhere but macOS, which gives bytes
	}
	return user, peak
}
