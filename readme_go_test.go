package impartial_test

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// goBlock is a ```go block of a document.
type goBlock struct {
	line int // the line of its first line of code
	code string
}

// goBlocks reads the ```go blocks of file.
func goBlocks(t *testing.T, file string) []goBlock {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []goBlock
	var cur *goBlock
	var code strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case cur == nil && strings.HasPrefix(line, "```go"):
			cur = &goBlock{line: n + 1}
			code.Reset()
		case cur != nil && strings.HasPrefix(line, "```"):
			cur.code = code.String()
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			code.WriteString(line + "\n")
		}
	}
	return blocks
}

// fragmentImports are the packages a fragment of the README may name
// without importing them.
var fragmentImports = map[string]string{
	"context":  "context",
	"fmt":      "fmt",
	"sg":       "github.com/impartial-go/impartial/sg",
	"bot":      "github.com/impartial-go/impartial/sg/bot",
	"explain":  "github.com/impartial-go/impartial/sg/explain",
	"sequence": "github.com/impartial-go/impartial/sg/sequence",
	"solve":    "github.com/impartial-go/impartial/sg/solve",
	"nim":      "github.com/impartial-go/impartial/nim",
	"rulesets": "github.com/impartial-go/impartial/rulesets",
	"game":     "github.com/impartial-go/impartial/game",
}

// fragmentFile wraps the fragment b into a function of package main whose
// body declares what the README's fragments take as given (ctx, dawson),
// imports the packages it names and uses every variable it declares, so
// that it compiles exactly when the fragment is right. A //line comment
// makes the compiler's messages name the README's lines.
func fragmentFile(t *testing.T, file string, i int, b goBlock) string {
	t.Helper()
	var src strings.Builder
	src.WriteString("package main\n\nimport (\n")
	var names []string
	for name := range fragmentImports {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(&src, "\t%q\n", fragmentImports[name])
	}
	src.WriteString(")\n\n")
	for _, name := range names {
		if name == "context" || name == "fmt" {
			continue
		}
		fmt.Fprintf(&src, "var _ = %s.%s\n", name, firstExported(t, fragmentImports[name]))
	}
	fmt.Fprintf(&src, "var _ = fmt.Sprint\n\nfunc readmeFragment%d() {\n", i)
	src.WriteString("\tctx := context.Background()\n\tdawson, _ := rulesets.Parse(\"dawson\")\n")
	fmt.Fprintf(&src, "//line %s:%d\n%s", file, b.line, b.code)

	// Use every variable the fragment declares.
	body := src.String() + "}\n"
	f, err := parser.ParseFile(token.NewFileSet(), "", body, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("%s:%d: the Go fragment does not parse: %v", file, b.line, err)
	}
	uses := []string{"ctx", "dawson"}
	ast.Inspect(f, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && a.Tok == token.DEFINE {
			for _, e := range a.Lhs {
				if id, ok := e.(*ast.Ident); ok && id.Name != "_" && !slices.Contains(uses, id.Name) {
					uses = append(uses, id.Name)
				}
			}
		}
		return true
	})
	src.Reset()
	src.WriteString(strings.TrimSuffix(body, "}\n"))
	for _, u := range uses {
		src.WriteString("\t_ = " + u + "\n")
	}
	src.WriteString("}\n")
	return src.String()
}

// exported names one exported identifier of each package, for the blank
// uses that keep an import of a fragment's package from being unused.
var exported = map[string]string{
	"github.com/impartial-go/impartial/sg":          "Heap(0)",
	"github.com/impartial-go/impartial/sg/bot":      "New[int]",
	"github.com/impartial-go/impartial/sg/explain":  "HeapTable",
	"github.com/impartial-go/impartial/sg/sequence": "Solve",
	"github.com/impartial-go/impartial/sg/solve":    "Eval",
	"github.com/impartial-go/impartial/nim":         "WinningMove[[]int64]",
	"github.com/impartial-go/impartial/rulesets":    "Parse",
	"github.com/impartial-go/impartial/game":        "Nimber(0)",
}

func firstExported(t *testing.T, path string) string {
	t.Helper()
	e, ok := exported[path]
	if !ok {
		t.Fatalf("no identifier for %s", path)
	}
	return e
}

var packageMain = regexp.MustCompile(`(?m)^package main$`)

// TestReadmeGo compiles the Go code of the README: each ```go block that
// is a whole program (package main) is built as it stands, together with
// every fragment, which runs in a function where ctx and dawson are
// given and may use the declarations of the whole programs (the fragments
// of the quick start reuse its takeOneToThree).
func TestReadmeGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds Go programs")
	}
	if raceEnabled {
		t.Skip("builds Go programs; runs without -race")
	}
	const file = "README.md"
	blocks := goBlocks(t, file)
	var progs, frags []goBlock
	for _, b := range blocks {
		if packageMain.MatchString(b.code) {
			progs = append(progs, b)
		} else {
			frags = append(frags, b)
		}
	}
	if len(progs) == 0 || len(frags) == 0 {
		t.Fatalf("%s: %d whole programs and %d fragments in ```go blocks, want at least one of each", file, len(progs), len(frags))
	}
	// A folder inside the module, so that its imports resolve to the
	// module's packages; testdata keeps it out of ./... .
	dir, err := os.MkdirTemp("testdata", "readme-go-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	out := t.TempDir()
	for i, p := range progs {
		pdir := filepath.Join(dir, fmt.Sprintf("prog%d", i))
		if err := os.Mkdir(pdir, 0o755); err != nil {
			t.Fatal(err)
		}
		write := func(name, src string) {
			if err := os.WriteFile(filepath.Join(pdir, name), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write("main.go", fmt.Sprintf("//line %s:%d\n%s", file, p.line, p.code))
		if i == 0 {
			for j, f := range frags {
				write(fmt.Sprintf("fragment%d.go", j), fragmentFile(t, file, j, f))
			}
		}
		cmd := exec.Command("go", "build", "-o", filepath.Join(out, fmt.Sprintf("prog%d", i)), "./"+filepath.ToSlash(pdir))
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: the program at line %d (with the fragments, for the first) does not compile: %v\n%s", file, p.line, err, b)
		}
	}
}
