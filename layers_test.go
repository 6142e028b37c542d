package impartial_test

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// The layers of the module, as docs/architecture.md draws them, lowest
// first. A package may import packages of its own layer or of a lower one,
// with two exceptions: rulesets, the rules of games, imports only the game
// layer, and only programs import rulesets. Nothing imports a program.
const (
	layerGame    = iota // game, game/grid, game/graph, game/bitset, game/gametest, internal/...
	layerValues         // sg
	layerAlgo           // nim, sg/sequence, sg/search, sg/split, sg/misere, sg/loopy, sg/explain, sg/bot, sg/internal/...
	layerRules          // rulesets
	layerGlue           // sg/solve
	layerProgram        // examples/..., the root package
)

const module = "github.com/impartial-go/impartial"

// layerOf returns the layer of a package of the module, by its path
// relative to the module root ("" for the root), and false for a package
// the drawing does not place.
func layerOf(rel string) (int, bool) {
	first, _, _ := strings.Cut(rel, "/")
	switch {
	case rel == "" || first == "examples":
		return layerProgram, true
	case first == "game" || first == "internal":
		return layerGame, true
	case rel == "sg":
		return layerValues, true
	case rel == "sg/solve" || strings.HasPrefix(rel, "sg/solve/"):
		return layerGlue, true
	case rel == "nim" || first == "sg":
		return layerAlgo, true
	case first == "rulesets":
		return layerRules, true
	}
	return 0, false
}

// allowed reports whether package from may import package to (paths
// relative to the module root), and why not.
func allowed(from, to string) (bool, string) {
	lf, ok := layerOf(from)
	if !ok {
		return false, "the layers do not place " + from
	}
	lt, ok := layerOf(to)
	if !ok {
		return false, "the layers do not place " + to
	}
	switch {
	case lt == layerProgram && lf != layerProgram:
		return false, "only programs import programs"
	case lt == layerProgram:
		return true, ""
	case lf == layerRules:
		return lt == layerGame, "the rules of games import only the game layer"
	case lt == layerRules:
		return lf == layerProgram, "only programs import the catalogue of rules"
	}
	return lt <= lf, "an import must not go up the layers"
}

// allowedOutside reports whether a package of the module may import a
// package from outside it: the standard library, golang.org/x/exp, and
// gopter in the test helpers of game/gametest.
func allowedOutside(from, path string) bool {
	first, _, _ := strings.Cut(path, "/")
	switch {
	case !strings.Contains(first, "."):
		return true
	case strings.HasPrefix(path, "golang.org/x/exp/"):
		return true
	case strings.HasPrefix(path, "github.com/leanovate/gopter"):
		return from == "game/gametest"
	}
	return false
}

// pending lists the imports that break the layers and that a change under
// way removes, as "from to": the test lets them pass, and fails once one
// is gone, so that its entry is deleted with it.
var pending = map[string]bool{}

// TestLayers checks every import of every package of the module (test
// files aside: tests may use anything) against the layers.
func TestLayers(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	pkgs := 0
	seen := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		pkgs++
		from := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
		for _, imp := range fields[1:] {
			if imp != module && !strings.HasPrefix(imp, module+"/") {
				if !allowedOutside(from, imp) {
					t.Errorf("%s imports %s: outside the module only the standard library, golang.org/x/exp and (in game/gametest) gopter", fields[0], imp)
				}
				continue
			}
			to := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
			if pending[from+" "+to] {
				seen[from+" "+to] = true
				continue
			}
			if ok, why := allowed(from, to); !ok {
				t.Errorf("%s imports %s: %s (see docs/architecture.md)", fields[0], imp, why)
			}
		}
	}
	if pkgs < 10 {
		t.Fatalf("go list listed %d packages:\n%s", pkgs, out)
	}
	for imp := range pending {
		if !seen[imp] {
			t.Errorf("the pending import %q is gone: delete it from pending", imp)
		}
	}
}

// TestLayersRule checks the rule itself on imports that must be refused
// and some that must be allowed.
func TestLayersRule(t *testing.T) {
	for _, c := range []struct {
		from, to string
		ok       bool
	}{
		{"rulesets", "game", true},
		{"rulesets", "game/grid", true},
		{"rulesets", "sg", false},
		{"rulesets", "sg/search", false},
		{"sg/misere", "rulesets", false},
		{"sg/explain", "rulesets", false},
		{"sg/solve", "rulesets", false},
		{"sg/solve", "sg/search", true},
		{"sg/search", "sg/solve", false},
		{"game", "sg", false},
		{"game/grid", "game/bitset", true},
		{"sg", "sg/search", false},
		{"sg/bot", "nim", true},
		{"nim", "examples/sgtool", false},
		{"examples/sgtool", "rulesets", true},
		{"examples/sgtool", "sg/solve", true},
		{"examples/web", "examples/web/app", true},
		{"newpkg", "game", false},
	} {
		if ok, why := allowed(c.from, c.to); ok != c.ok {
			t.Errorf("%s → %s: allowed %v (%s), want %v", c.from, c.to, ok, why, c.ok)
		}
	}
}
