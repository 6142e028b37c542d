package impartial_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The bounds of the module's code: no non-test .go file over maxFileLines
// lines, no function (a FuncDecl's body, from its opening brace to its
// closing one) over maxFuncLines lines.
const (
	maxFileLines = 600
	maxFuncLines = 100
)

// sizeAllowed lists the files and functions, by the names TestSizes gives
// them, that may still pass the bounds: code being restructured on another
// branch. The lead empties it once those branches are merged; a name here
// that no longer passes a bound fails the test, so the list cannot go
// stale.
var sizeAllowed = map[string]bool{}

// TestSizes checks every non-test .go file of the module against the
// bounds, and lists every file and function that passes one.
func TestSizes(t *testing.T) {
	var over []string
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		over = append(over, oversized(fset, path, f)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range over {
		name, _, _ := strings.Cut(o, " ")
		if !sizeAllowed[name] {
			t.Errorf("%s", o)
		}
	}
	for name := range sizeAllowed {
		if !slices.ContainsFunc(over, func(o string) bool { return strings.HasPrefix(o, name+" ") }) {
			t.Errorf("%s is within the bounds now: remove it from sizeAllowed", name)
		}
	}
}

// oversized returns a line for f, the file at path, when it has more than
// maxFileLines lines, and one for each of its functions whose body has more
// than maxFuncLines lines; each line starts with a name for sizeAllowed,
// "path" or "path:Func" ("path:Type.Method" for a method).
func oversized(fset *token.FileSet, path string, f *ast.File) []string {
	var over []string
	path = filepath.ToSlash(path)
	if n := fset.File(f.Pos()).LineCount(); n > maxFileLines {
		over = append(over, fmt.Sprintf("%s has %d lines (at most %d)", path, n, maxFileLines))
	}
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		n := fset.Position(fn.Body.Rbrace).Line - fset.Position(fn.Body.Lbrace).Line + 1
		if n > maxFuncLines {
			over = append(over, fmt.Sprintf("%s:%s has a body of %d lines (at most %d)", path, funcName(fn), n, maxFuncLines))
		}
	}
	return over
}

// funcName returns "Func", or "Type.Method" for a method.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	t := fn.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fn.Name.Name
	}
	return fn.Name.Name
}
