package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
)

// threshold is the slowdown a row must pass, beyond the noise, to be
// marked: 5 %.
const threshold = 1.05

// sample is one measurement of one row in one round.
type sample struct {
	value float64 // seconds of wall time (a process) or ns/op (a benchmark)
	user  float64 // seconds of user CPU; 0 for a benchmark line
	peak  int64   // peak resident memory in bytes; 0 for a benchmark line
}

// row gathers a row's samples for the base build and the new one.
type row struct {
	name  string
	unit  string // "s" or "ns/op"
	base  []sample
	added []sample // the new build's (the working tree)
	peer  []sample // another project's program, with -peers
}

// verdict compares two lists of measurements of the same row, where
// smaller is better. ratio is median(new) / median(base). mark is
// "slower" when the ratio passes threshold and the new build's fastest
// round is slower than the base's slowest (the two sets of rounds do not
// overlap: the difference is outside the noise of these rounds), "faster"
// for the converse, and "" otherwise (within 5 %, or within the noise).
func verdict(base, added []float64) (ratio float64, mark string) {
	if len(base) == 0 || len(added) == 0 {
		return math.NaN(), ""
	}
	mb, mn := median(base), median(added)
	if mb <= 0 {
		return math.NaN(), ""
	}
	ratio = mn / mb
	switch {
	case ratio > threshold && slices.Min(added) > slices.Max(base):
		mark = "slower"
	case ratio < 1/threshold && slices.Max(added) < slices.Min(base):
		mark = "faster"
	}
	return ratio, mark
}

// median of xs (xs is not changed); NaN when empty.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func values(ss []sample) []float64 {
	out := make([]float64, len(ss))
	for i, s := range ss {
		out[i] = s.value
	}
	return out
}

func users(ss []sample) []float64 {
	out := make([]float64, 0, len(ss))
	for _, s := range ss {
		if s.user > 0 {
			out = append(out, s.user)
		}
	}
	return out
}

func peaks(ss []sample) []float64 {
	out := make([]float64, 0, len(ss))
	for _, s := range ss {
		if s.peak > 0 {
			out = append(out, float64(s.peak))
		}
	}
	return out
}

// writeTable prints one line per row: the medians of each build's time,
// user CPU and peak memory, the ratio new/base of the times, with -peers
// the peer's median time, the ratio new/peer, the peer's user CPU, the
// ratio of the user CPUs new/peer (the one to read on a loaded machine,
// where the wall times include waiting) and the peer's peak memory, and
// the mark.
// It returns the number of rows marked slower.
func writeTable(w io.Writer, rows []*row, baseName string) (slower int, err error) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	withPeers := false
	for _, r := range rows {
		withPeers = withPeers || len(r.peer) > 0
	}
	peerHead := ""
	if withPeers {
		peerHead = "peer\tnew/peer\tpeer user\tuser new/peer\tpeer peak\t"
	}
	fmt.Fprintf(tw, "workload\tunit\tbase (%s)\tnew\tratio\tbase user\tnew user\tbase peak\tnew peak\t%srounds\t\n", baseName, peerHead)
	for _, r := range rows {
		ratio, mark := verdict(values(r.base), values(r.added))
		if mark == "slower" {
			slower++
		}
		cells := []string{
			r.name, r.unit,
			formatValue(median(values(r.base)), r.unit),
			formatValue(median(values(r.added)), r.unit),
			formatRatio(ratio),
			formatValue(median(users(r.base)), "s"),
			formatValue(median(users(r.added)), "s"),
			formatBytes(median(peaks(r.base))),
			formatBytes(median(peaks(r.added))),
		}
		if withPeers {
			peerRatio, userRatio := math.NaN(), math.NaN()
			if len(r.peer) > 0 {
				peerRatio = median(values(r.added)) / median(values(r.peer))
				userRatio = median(users(r.added)) / median(users(r.peer))
			}
			cells = append(cells, formatValue(median(values(r.peer)), r.unit), formatRatio(peerRatio),
				formatValue(median(users(r.peer)), "s"), formatRatio(userRatio), formatBytes(median(peaks(r.peer))))
		}
		cells = append(cells, fmt.Sprintf("%d/%d", len(r.base), len(r.added)))
		line := strings.Join(cells, "\t") + "\t"
		if mark != "" {
			line += "  " + mark
		}
		fmt.Fprintln(tw, line)
	}
	return slower, tw.Flush()
}

// formatValue writes a time with three significant digits, "-" if NaN.
func formatValue(v float64, unit string) string {
	if math.IsNaN(v) {
		return "-"
	}
	switch unit {
	case "s":
		switch {
		case v >= 100:
			return fmt.Sprintf("%.0f s", v)
		case v >= 10:
			return fmt.Sprintf("%.1f s", v)
		case v >= 1:
			return fmt.Sprintf("%.2f s", v)
		default:
			return fmt.Sprintf("%.0f ms", v*1000)
		}
	default:
		return formatSig(v)
	}
}

// formatSig writes v with three significant digits and no exponent.
func formatSig(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	default:
		return fmt.Sprintf("%.2f", v)
	}
}

func formatRatio(r float64) string {
	if math.IsNaN(r) {
		return "-"
	}
	return fmt.Sprintf("%.3f", r)
}

// formatBytes writes a size in MB (10^6 bytes), "-" if NaN.
func formatBytes(b float64) string {
	if math.IsNaN(b) {
		return "-"
	}
	return formatSig(b/1e6) + " MB"
}
