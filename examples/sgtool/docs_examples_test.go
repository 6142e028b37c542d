package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// examplesDir holds the batch files that docs/distributed.md shows.
const examplesDir = "../../docs/examples"

// TestBatchScriptsSyntax checks the GNU parallel and Slurm scripts with
// bash -n (skipped without bash, saying so).
func TestBatchScriptsSyntax(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash: the scripts of docs/examples are not checked")
	}
	for _, f := range []string{"split-parallel.sh", "split.slurm"} {
		path := filepath.Join(examplesDir, f)
		if out, err := exec.Command(bash, "-n", path).CombinedOutput(); err != nil {
			t.Errorf("bash -n %s: %v\n%s", path, err, out)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "sgtool job \"$dir\" -index {}") && !strings.Contains(string(b), "sgtool job \"$DIR\" -index \"$i\"") {
			t.Errorf("%s does not run sgtool job by index", path)
		}
	}
}

// yamlNode is a node of the subset of YAML the Kubernetes example uses:
// block mappings, block sequences and plain or quoted scalars.
type yamlNode struct {
	scalar string
	keys   []string
	fields map[string]*yamlNode
	items  []*yamlNode
}

// yamlLine is one significant line: its indentation and its text.
type yamlLine struct {
	indent int
	text   string
	num    int
}

// parseYAML reads the YAML subset, returning an error naming the first
// line it cannot place.
func parseYAML(t *testing.T, src string) *yamlNode {
	t.Helper()
	var lines []yamlLine
	for i, l := range strings.Split(src, "\n") {
		if strings.Contains(l, "\t") {
			t.Fatalf("line %d: a tab", i+1)
		}
		trim := strings.TrimSpace(l)
		if trim == "" || strings.HasPrefix(trim, "#") {
			continue
		}
		lines = append(lines, yamlLine{len(l) - len(strings.TrimLeft(l, " ")), trim, i + 1})
	}
	p := &yamlParser{t: t, lines: lines}
	n := p.block(0)
	if p.i != len(lines) {
		t.Fatalf("line %d: %q is not in its block", lines[p.i].num, lines[p.i].text)
	}
	return n
}

type yamlParser struct {
	t     *testing.T
	lines []yamlLine
	i     int
}

// block reads the lines of one block at indentation indent.
func (p *yamlParser) block(indent int) *yamlNode {
	n := &yamlNode{fields: map[string]*yamlNode{}}
	for p.i < len(p.lines) && p.lines[p.i].indent == indent {
		l := p.lines[p.i]
		if item, ok := strings.CutPrefix(l.text, "- "); ok || l.text == "-" {
			if len(n.keys) > 0 {
				p.t.Fatalf("line %d: a list item in a mapping", l.num)
			}
			// The item's text is a block at the indentation of its text.
			p.lines[p.i] = yamlLine{indent + 2, item, l.num}
			if item == "" {
				p.i++
			}
			n.items = append(n.items, p.value(indent+2))
			continue
		}
		if len(n.items) > 0 {
			p.t.Fatalf("line %d: a mapping key in a list", l.num)
		}
		key, val, ok := strings.Cut(l.text, ":")
		if !ok || key == "" || strings.ContainsAny(key, " \"'") || (val != "" && val[0] != ' ') {
			p.t.Fatalf("line %d: %q is not \"key: value\"", l.num, l.text)
		}
		if _, dup := n.fields[key]; dup {
			p.t.Fatalf("line %d: key %q twice", l.num, key)
		}
		n.keys = append(n.keys, key)
		p.i++
		if v := strings.TrimSpace(val); v != "" {
			n.fields[key] = &yamlNode{scalar: unquote(p.t, l.num, v)}
			continue
		}
		if p.i >= len(p.lines) || p.lines[p.i].indent <= indent {
			p.t.Fatalf("line %d: key %q has no value", l.num, key)
		}
		n.fields[key] = p.block(p.lines[p.i].indent)
	}
	if p.i < len(p.lines) && p.lines[p.i].indent > indent {
		p.t.Fatalf("line %d: indented more than its block", p.lines[p.i].num)
	}
	return n
}

// value reads the value that starts at the current line, indented by indent.
func (p *yamlParser) value(indent int) *yamlNode {
	l := p.lines[p.i]
	if l.indent == indent && !strings.Contains(l.text, ": ") && !strings.HasSuffix(l.text, ":") && !strings.HasPrefix(l.text, "- ") {
		p.i++
		return &yamlNode{scalar: unquote(p.t, l.num, l.text)}
	}
	return p.block(p.lines[p.i].indent)
}

// unquote returns a scalar without its double quotes.
func unquote(t *testing.T, num int, v string) string {
	if strings.HasPrefix(v, "\"") {
		if len(v) < 2 || !strings.HasSuffix(v, "\"") {
			t.Fatalf("line %d: unterminated string %s", num, v)
		}
		return v[1 : len(v)-1]
	}
	return v
}

// at returns the node at a path of keys and list indices ("0").
func (n *yamlNode) at(path ...string) *yamlNode {
	for _, k := range path {
		if n == nil {
			return nil
		}
		if len(n.items) > 0 && len(k) == 1 && k[0] >= '0' && k[0] <= '9' {
			i := int(k[0] - '0')
			if i >= len(n.items) {
				return nil
			}
			n = n.items[i]
			continue
		}
		n = n.fields[k]
	}
	return n
}

// TestIndexedJobYAML parses the Kubernetes example with a small parser of
// the YAML it uses, and checks that it is an Indexed Job that runs sgtool
// job with the pod's index.
func TestIndexedJobYAML(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(examplesDir, "split-indexed-job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	doc := parseYAML(t, string(b))
	for path, want := range map[string]string{
		"apiVersion": "batch/v1", "kind": "Job", "spec/completionMode": "Indexed",
		"spec/template/spec/restartPolicy": "OnFailure", "spec/template/spec/containers/0/command/0": "sh",
		"spec/template/spec/containers/0/volumeMounts/0/name":          "data",
		"spec/template/spec/volumes/0/persistentVolumeClaim/claimName": "sgtool-split",
	} {
		n := doc.at(strings.Split(path, "/")...)
		if n == nil || n.scalar != want {
			t.Errorf("%s: got %v, want %q", path, n, want)
		}
	}
	cmd := doc.at("spec", "template", "spec", "containers", "0", "command", "2")
	if cmd == nil || !strings.Contains(cmd.scalar, `sgtool job /data/run -index "$JOB_COMPLETION_INDEX"`) {
		t.Errorf("the container does not run sgtool job by its index: %v", cmd)
	}
	for _, k := range []string{"completions", "parallelism", "backoffLimit"} {
		if n := doc.at("spec", k); n == nil || strings.Trim(n.scalar, "0123456789") != "" || n.scalar == "" {
			t.Errorf("spec.%s: %v, want a number", k, n)
		}
	}
}
