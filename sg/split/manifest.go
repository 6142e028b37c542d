package split

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
)

// Format names the layout of manifests, job lines and result lines that
// this package writes and reads; a file of another format is refused
// (format 1, whose jobs were all asked their full values, included).
const Format = "impartial-split/2"

// Manifest describes a split: the game and its root, the tree above the
// jobs, and the jobs. It is written as JSON (its field names are the
// keys) and read back by [Merge]; its ID is a fingerprint of everything
// else in it, so that a manifest edited by hand, or damaged, is refused.
type Manifest struct {
	Format  string `json:"format"`
	ID      string `json:"id"`      // fingerprint of the rest of the manifest (see [Manifest.Check])
	Library string `json:"library"` // the library that split: module version and VCS revision
	Game    string `json:"game"`    // the game's spec, as its parser reads it
	Root    string `json:"root"`    // the root position, in the game's position text
	// Options is the fingerprint of the options of the split (the job
	// count asked, the small size), OptionsText the same in words.
	Options     string `json:"options"`
	OptionsText string `json:"options_text"`
	// Strategy says in words how the jobs were chosen and combine.
	Strategy string `json:"strategy"`
	// Moves names the root's options in the game's notation, in the
	// order of its moves: Nodes[0].Options[i] is the option Moves[i].
	Moves []string `json:"moves"`
	// Nodes is the tree above the jobs; Nodes[0] is the root.
	Nodes []Node `json:"nodes"`
	// Jobs are the positions whose values the job runners compute.
	Jobs []Job `json:"jobs"`
	// Expanded counts the positions the split expanded (the tree's
	// interior and the small positions it valued itself).
	Expanded uint64 `json:"expanded"`
}

// Node is a position of the tree above the jobs, one of three kinds:
// an interior node, whose value is the mex of its options' values, an
// option being the nim-sum of its components' node values (the empty
// list is a terminal option, of value 0); a job's position, whose value
// is the job's result; or a small position valued by the split itself.
// Exactly one field is set.
type Node struct {
	Options [][]int `json:"options,omitempty"`
	Job     *int    `json:"job,omitempty"`
	Value   *uint64 `json:"value,omitempty"`
}

// Job is one independent piece of work: the value of Position, a single
// component in canonical form, of the game Game. It is written as one
// line of JSON, its field names the keys, which is all a runner needs.
type Job struct {
	Format   string `json:"format"`
	Manifest string `json:"manifest"` // the ID of the manifest the job belongs to
	Index    int    `json:"job"`      // its index in the manifest's Jobs
	// Fingerprint identifies the job: a digest of Manifest, Index and
	// Position, repeated in its result.
	Fingerprint string `json:"fingerprint"`
	Game        string `json:"game"`
	Position    string `json:"position"`
	// Moves is the position's number of options, which bounds its value.
	Moves int `json:"moves"`
	// Ask lists the values the job is asked about, ascending, each below
	// 64: its result says which of them is the position's value, or that
	// none is (Beling and Rogalski's set question). Empty: the job is
	// asked its full value.
	Ask []int `json:"ask,omitempty"`
}

// AskSet returns j.Ask as a set (bit v for the value v), 0 for a job
// asked its full value.
func (j *Job) AskSet() uint64 {
	var s uint64
	for _, v := range j.Ask {
		if v >= 0 && v < 64 {
			s |= 1 << v
		}
	}
	return s
}

// askList returns the values of the set s, ascending.
func askList(s uint64) []int {
	var out []int
	for v := range 64 {
		if s&(1<<v) != 0 {
			out = append(out, v)
		}
	}
	return out
}

// Result is what a runner answers for a job, written as one line of
// JSON: the job's manifest, index and fingerprint, the value of its
// position (or, for a job asked a set of values, that the value is none
// of them), and the work it took.
type Result struct {
	Manifest    string `json:"manifest"`
	Index       int    `json:"job"`
	Fingerprint string `json:"fingerprint"`
	Value       uint64 `json:"value"`
	// Outside says that the value is none of the values the job was
	// asked about (its Ask); Value is then 0.
	Outside bool `json:"outside,omitempty"`
	// Expanded is the number of positions the runner's search expanded,
	// Seconds its wall-clock time, CPUSeconds the process's CPU time when
	// the runner knows it (0 otherwise).
	Expanded   uint64  `json:"expanded"`
	Seconds    float64 `json:"seconds"`
	CPUSeconds float64 `json:"cpu_seconds,omitempty"`
	Library    string  `json:"library,omitempty"`
	// Source says where the result was read (a file and line); it is not
	// part of the JSON.
	Source string `json:"-"`
}

// digest returns the first 16 hexadecimal digits of the SHA-256 of the
// parts, each followed by a zero byte.
func digest(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// jobFingerprint is the fingerprint of job index of manifest id at pos,
// asked the values ask.
func jobFingerprint(id string, index int, pos string, ask []int) string {
	return digest(Format, id, strconv.Itoa(index), pos, fmt.Sprint(ask))
}

// fingerprint returns the ID m should have: the digest of its JSON with
// the ID and the jobs' fingerprints left empty.
func (m *Manifest) fingerprint() (string, error) {
	c := *m
	c.ID = ""
	c.Jobs = make([]Job, len(m.Jobs))
	for i, j := range m.Jobs {
		j.Fingerprint, j.Manifest = "", ""
		c.Jobs[i] = j
	}
	b, err := json.Marshal(&c)
	if err != nil {
		return "", err
	}
	return digest(string(b)), nil
}

// seal sets m's ID and its jobs' manifest and fingerprints.
func (m *Manifest) seal() error {
	m.Format = Format
	for i := range m.Jobs {
		m.Jobs[i].Index, m.Jobs[i].Format = i, Format
	}
	id, err := m.fingerprint()
	if err != nil {
		return err
	}
	m.ID = id
	for i := range m.Jobs {
		j := &m.Jobs[i]
		j.Manifest = id
		j.Fingerprint = jobFingerprint(id, i, j.Position, j.Ask)
	}
	return nil
}

// Check reports whether m is a manifest this package can merge: of its
// Format, with the ID its contents give, jobs whose fingerprints are
// theirs, and a tree whose references are in range, with each job named
// by one node. It costs O(size of m). The error names what is wrong.
func (m *Manifest) Check() error {
	if m.Format != Format {
		return fmt.Errorf("split: manifest of format %q, want %q: split again with this version", m.Format, Format)
	}
	id, err := m.fingerprint()
	if err != nil {
		return fmt.Errorf("split: manifest: %w", err)
	}
	if id != m.ID {
		return fmt.Errorf("split: manifest %s damaged: its contents give the fingerprint %s", m.ID, id)
	}
	for i, j := range m.Jobs {
		if j.Index != i || j.Manifest != m.ID || j.Fingerprint != jobFingerprint(m.ID, i, j.Position, j.Ask) {
			return fmt.Errorf("split: manifest %s damaged: job %d has a wrong index, manifest or fingerprint", m.ID, i)
		}
		if err := j.Check(); err != nil {
			return err
		}
	}
	if len(m.Nodes) == 0 || m.Nodes[0].Job != nil || m.Nodes[0].Value != nil {
		return fmt.Errorf("split: manifest %s damaged: no root node", m.ID)
	}
	named := make([]int, len(m.Jobs))
	for i, n := range m.Nodes {
		if n.Job != nil {
			if *n.Job < 0 || *n.Job >= len(m.Jobs) {
				return fmt.Errorf("split: manifest %s damaged: node %d names job %d of %d", m.ID, i, *n.Job, len(m.Jobs))
			}
			named[*n.Job]++
		}
		for _, o := range n.Options {
			for _, c := range o {
				if c < 0 || c >= len(m.Nodes) || c == i {
					return fmt.Errorf("split: manifest %s damaged: node %d has an option with node %d of %d", m.ID, i, c, len(m.Nodes))
				}
			}
		}
	}
	for j, k := range named {
		if k != 1 {
			return fmt.Errorf("split: manifest %s damaged: job %d is named by %d nodes", m.ID, j, k)
		}
	}
	if len(m.Nodes[0].Options) != len(m.Moves) {
		return fmt.Errorf("split: manifest %s damaged: %d root moves for %d options", m.ID, len(m.Moves), len(m.Nodes[0].Options))
	}
	return nil
}

// Check reports whether j is a job of this package's format whose
// fingerprint is its own.
func (j *Job) Check() error {
	if j.Format != Format {
		return fmt.Errorf("split: job of format %q, want %q: split again with this version", j.Format, Format)
	}
	for i, v := range j.Ask {
		if v < 0 || v >= 64 || (i > 0 && v <= j.Ask[i-1]) {
			return fmt.Errorf("split: job %d of manifest %s damaged: its values asked %v are not ascending values from 0 to 63", j.Index, j.Manifest, j.Ask)
		}
	}
	if j.Fingerprint != jobFingerprint(j.Manifest, j.Index, j.Position, j.Ask) {
		return fmt.Errorf("split: job %d of manifest %s damaged: its fingerprint %q is not its own", j.Index, j.Manifest, j.Fingerprint)
	}
	return nil
}

// Library returns the version of this module in the running program:
// its module version (or "(devel)") and, when the program was built from
// a version control checkout, the revision (and "+dirty" when modified).
func Library() string {
	const path = "github.com/impartial-go/impartial"
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return path + " (unknown)"
	}
	v := "(devel)"
	if bi.Main.Path == path {
		v = bi.Main.Version
	}
	for _, d := range bi.Deps {
		if d.Path == path {
			v = d.Version
		}
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(12, len(s.Value))]
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	return strings.TrimSpace(path + " " + v + " " + rev + dirty)
}
