package split

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/sg"
)

// ProblemKind says what is wrong with a result, or with its absence.
type ProblemKind int

// The kinds of problems [Merge] names.
const (
	// Missing: no result for a job.
	Missing ProblemKind = iota
	// Duplicate: more than one result for a job (none of them is merged).
	Duplicate
	// Damaged: a line that is not a result (bad JSON, a field missing), a
	// result whose fingerprint is not its job's, or whose value is out of
	// range for its job.
	Damaged
	// Foreign: a result of another manifest.
	Foreign
)

// String returns "missing", "duplicate", "damaged" or "foreign".
func (k ProblemKind) String() string {
	switch k {
	case Missing:
		return "missing"
	case Duplicate:
		return "duplicate"
	case Damaged:
		return "damaged"
	case Foreign:
		return "foreign"
	}
	return "problem " + strconv.Itoa(int(k))
}

// Problem is a result that cannot be merged, or a job without one: its
// kind, the job (-1 when unknown), where it was read, and what is wrong.
type Problem struct {
	Kind   ProblemKind
	Job    int
	Source string
	Detail string
}

// String describes the problem on one line: "missing job 3", "damaged
// result results/007.json:1: value 9 out of range …".
func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.Kind.String())
	if p.Kind == Missing {
		fmt.Fprintf(&b, " job %d", p.Job)
	} else {
		b.WriteString(" result")
		if p.Source != "" {
			b.WriteString(" " + p.Source)
		}
		if p.Job >= 0 {
			fmt.Fprintf(&b, " (job %d)", p.Job)
		}
	}
	if p.Detail != "" {
		b.WriteString(": " + p.Detail)
	}
	return b.String()
}

// MergeError lists every problem that stopped a merge.
type MergeError struct {
	Manifest string
	Problems []Problem
}

// maxShown bounds the problems an error message lists.
const maxShown = 8

// Error names the problems, the first few in full.
func (e *MergeError) Error() string {
	parts := make([]string, 0, maxShown+1)
	for i, p := range e.Problems {
		if i == maxShown {
			parts = append(parts, fmt.Sprintf("and %d more", len(e.Problems)-maxShown))
			break
		}
		parts = append(parts, p.String())
	}
	noun := "problems"
	if len(e.Problems) == 1 {
		noun = "problem"
	}
	return fmt.Sprintf("split: manifest %s: %d %s, nothing merged: %s", e.Manifest, len(e.Problems), noun, strings.Join(parts, "; "))
}

// ReadResults reads result lines (one JSON object a line; blank lines
// are skipped) from r, whose name source is used to say where each was
// read ("source:line"). A line that is not a result (not JSON, or
// without its manifest, job, fingerprint or value) is a [Damaged]
// problem. It costs O(bytes read).
func ReadResults(source string, r io.Reader) ([]Result, []Problem) {
	var out []Result
	var bad []Problem
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		where := source + ":" + strconv.Itoa(line)
		var raw struct {
			Manifest    *string `json:"manifest"`
			Index       *int    `json:"job"`
			Fingerprint *string `json:"fingerprint"`
			Value       *uint64 `json:"value"`
			Expanded    uint64  `json:"expanded"`
			Seconds     float64 `json:"seconds"`
			CPUSeconds  float64 `json:"cpu_seconds"`
			Library     string  `json:"library"`
			Outside     bool    `json:"outside"`
		}
		if err := json.Unmarshal([]byte(text), &raw); err != nil {
			bad = append(bad, Problem{Kind: Damaged, Job: -1, Source: where, Detail: "not a JSON result: " + err.Error()})
			continue
		}
		if raw.Manifest == nil || raw.Index == nil || raw.Fingerprint == nil || raw.Value == nil {
			bad = append(bad, Problem{Kind: Damaged, Job: -1, Source: where, Detail: "want the fields manifest, job, fingerprint and value"})
			continue
		}
		out = append(out, Result{Manifest: *raw.Manifest, Index: *raw.Index, Fingerprint: *raw.Fingerprint, Value: *raw.Value, Outside: raw.Outside,
			Expanded: raw.Expanded, Seconds: raw.Seconds, CPUSeconds: raw.CPUSeconds, Library: raw.Library, Source: where})
	}
	if err := sc.Err(); err != nil {
		bad = append(bad, Problem{Kind: Damaged, Job: -1, Source: source, Detail: err.Error()})
	}
	return out, bad
}

// Solution is what [Merge] finds: the root's value and winning moves (as
// the single search of package sg/solve names them, in the order of the
// root's moves), and the work of the split and the jobs together.
type Solution struct {
	Value sg.Nimber
	Moves []string
	Jobs  int
	// Expanded is the positions expanded by the split and every job;
	// Seconds and CPUSeconds the jobs' times, added.
	Expanded            uint64
	Seconds, CPUSeconds float64
}

// Outcome returns P when the value is 0, else N.
func (s *Solution) Outcome() sg.Outcome { return sg.OutcomeOf(s.Value) }

// Merge checks m ([Manifest.Check]) and the results, and computes the
// root's value and winning moves from the jobs' values: each node of the
// tree is the mex of its options, each option the nim-sum of its
// components. problems are those found while reading the results
// ([ReadResults]). A result of another manifest is [Foreign]; one whose
// fingerprint is not its job's, whose value exceeds its job's number
// of moves, or that says the value is outside a set its job was not
// asked, is [Damaged]; two results of one job are both [Duplicate];
// a job with no usable result is [Missing]. When there is any problem,
// Merge merges nothing and returns a [*MergeError] naming them all. It
// costs O(size of m + results).
func Merge(m *Manifest, results []Result, problems []Problem) (*Solution, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	problems = append([]Problem(nil), problems...)
	byJob := make([][]Result, len(m.Jobs))
	for _, r := range results {
		switch {
		case r.Manifest != m.ID:
			problems = append(problems, Problem{Kind: Foreign, Job: -1, Source: r.Source,
				Detail: fmt.Sprintf("job %d of manifest %q, not %s", r.Index, r.Manifest, m.ID)})
		case r.Index < 0 || r.Index >= len(m.Jobs) || r.Fingerprint != m.Jobs[r.Index].Fingerprint:
			problems = append(problems, Problem{Kind: Damaged, Job: -1, Source: r.Source,
				Detail: fmt.Sprintf("job %d with fingerprint %q is not a job of this manifest", r.Index, r.Fingerprint)})
		case r.Value > uint64(m.Jobs[r.Index].Moves):
			problems = append(problems, Problem{Kind: Damaged, Job: r.Index, Source: r.Source,
				Detail: fmt.Sprintf("value %d out of range: the position has %d moves", r.Value, m.Jobs[r.Index].Moves)})
		case r.Outside && (len(m.Jobs[r.Index].Ask) == 0 || r.Value != 0):
			problems = append(problems, Problem{Kind: Damaged, Job: r.Index, Source: r.Source,
				Detail: "a value outside the values asked, for a job asked its full value, or with a value"})
		default:
			byJob[r.Index] = append(byJob[r.Index], r)
		}
	}
	sol := &Solution{Jobs: len(m.Jobs), Expanded: m.Expanded, Moves: []string{}}
	for j, rs := range byJob {
		switch len(rs) {
		case 0:
			problems = append(problems, Problem{Kind: Missing, Job: j})
		case 1:
			sol.Expanded += rs[0].Expanded
			sol.Seconds += rs[0].Seconds
			sol.CPUSeconds += rs[0].CPUSeconds
		default:
			for _, r := range rs {
				problems = append(problems, Problem{Kind: Duplicate, Job: j, Source: r.Source,
					Detail: fmt.Sprintf("one of %d results of this job", len(rs))})
			}
		}
	}
	if len(problems) > 0 {
		return nil, &MergeError{Manifest: m.ID, Problems: problems}
	}
	jobs := make([]part, len(m.Jobs))
	for j, rs := range byJob {
		jobs[j] = part{exact: true, v: rs[0].Value}
		if rs[0].Outside {
			// None of the values asked, nor above the moves.
			jobs[j] = part{excl: m.Jobs[j].AskSet() | ^upTo(uint64(m.Jobs[j].Moves))}
		}
	}
	e := evaluator{m: m, jobs: jobs, value: make([]part, len(m.Nodes)), state: make([]uint8, len(m.Nodes))}
	root, err := e.node(0)
	if err != nil {
		return nil, err
	}
	if !root.exact {
		return nil, fmt.Errorf("split: manifest %s: the root's value is above %d, the largest value its jobs were asked about: split again with a larger bound", m.ID, int64(lowest(^root.excl))-1)
	}
	sol.Value = sg.Nimber(root.v)
	for i, o := range m.Nodes[0].Options {
		x, err := e.option(o)
		if err != nil {
			return nil, err
		}
		switch {
		case x.exact && x.v == 0:
			sol.Moves = append(sol.Moves, m.Moves[i])
		case !x.exact && x.excl&1 == 0:
			return nil, fmt.Errorf("split: manifest %s damaged: the jobs' answers leave open whether move %s wins", m.ID, m.Moves[i])
		}
	}
	return sol, nil
}

// part is what the merge knows of a value: the value when exact, else a
// set of values it is not (excl, bit v for the value v).
type part struct {
	exact bool
	v     uint64
	excl  uint64
}

// lowest returns the least value of a set, 64 for the empty set.
func lowest(s uint64) uint64 { return uint64(bits.TrailingZeros64(s)) }

// evaluator computes what the merge knows of each of a manifest's
// nodes, each once.
type evaluator struct {
	m     *Manifest
	jobs  []part
	value []part
	state []uint8 // 0 not started, 1 under way, 2 done
}

// node returns what is known of node n's value: for an interior node,
// the mex of its options' values when the options' parts settle it
// (every value below it an exact option's, and it excluded by every
// inexact option), else that it is none of the values below the first
// one left open.
func (e *evaluator) node(n int) (part, error) {
	switch e.state[n] {
	case 2:
		return e.value[n], nil
	case 1:
		return part{}, fmt.Errorf("split: manifest %s damaged: node %d is its own option", e.m.ID, n)
	}
	e.state[n] = 1
	nd := e.m.Nodes[n]
	var p part
	switch {
	case nd.Job != nil:
		p = e.jobs[*nd.Job]
	case nd.Value != nil:
		p = part{exact: true, v: *nd.Value}
	default:
		seen := make([]bool, len(nd.Options)+1)
		open := allValues // the values every inexact option excludes
		for _, o := range nd.Options {
			x, err := e.option(o)
			if err != nil {
				return part{}, err
			}
			if !x.exact {
				open &= x.excl
			} else if x.v < uint64(len(seen)) {
				seen[x.v] = true
			}
		}
		var v uint64
		for seen[v] {
			v++
		}
		p = part{exact: true, v: v}
		if v >= 64 || open&(1<<v) == 0 {
			p = part{excl: upTo(v) &^ (1 << min(v, 63))}
			if v >= 64 {
				p.excl = allValues
			}
		}
	}
	e.value[n], e.state[n] = p, 2
	return p, nil
}

// option returns what is known of the nim-sum of the values of the nodes
// of o: exact when every node's value is; when one is not, the values
// it excludes shifted by the others' nim-sum; nothing when more are not.
func (e *evaluator) option(o []int) (part, error) {
	var x uint64
	var in *part
	inexact := 0
	for _, c := range o {
		p, err := e.node(c)
		if err != nil {
			return part{}, err
		}
		if p.exact {
			x ^= p.v
		} else {
			inexact++
			in = &p
		}
	}
	switch {
	case inexact == 0:
		return part{exact: true, v: x}, nil
	case inexact == 1 && x < 64:
		return part{excl: xorSet(in.excl, x)}, nil
	}
	return part{}, nil
}
