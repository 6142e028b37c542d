package rulesets

import (
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/game"
)

// Parse returns the heap rule described by spec, the GAME argument of the
// sgtool command and of other programs that play heap games: ".07",
// "sub:1,3,4", "kayles", … ([Help] lists every accepted spec, [Entries]
// describes them). It is [ParseRules] for the specs of [game.KindHeap]; a spec
// of another kind ("cram:5x6", a loopy game) is a [*SyntaxError] saying so.
//
// Names and keys are case-insensitive and surrounding spaces are ignored.
// The String method of the result is a canonical spec that Parse accepts
// again and that gives the same rules: Parse(r.String()) ≡ r.
//
// A bad spec is a [*SyntaxError] that names the bad argument: the unknown
// name, the list element that is not a number (and its position), or the
// bad character of a code.
func Parse(spec string) (Ruleset, error) {
	r, e, err := parseSpec(spec)
	if err != nil {
		return nil, err
	}
	rs, ok := r.(Ruleset)
	if !ok || e.Kind != game.KindHeap {
		what := "a game with a start position"
		if e.Kind == game.KindLoopy {
			what = "a loopy game"
		}
		return nil, &SyntaxError{Spec: spec, Token: strings.TrimSpace(spec), Msg: "is " + what + ", not a heap rule"}
	}
	return rs, nil
}

// sizeList parses an argument "1,3,4" into sizes, each between 1 and
// MaxTakeLimit; its errors name the bad element and its position in arg.
func sizeList(arg string) ([]int, error) {
	if strings.TrimSpace(arg) == "" {
		return nil, &SyntaxError{Spec: arg, Pos: 1, Msg: "empty list of sizes"}
	}
	var out []int
	pos := 1
	for elem := range strings.SplitSeq(arg, ",") {
		n, err := sizeArg(elem, pos)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
		pos += len([]rune(elem)) + 1
	}
	return out, nil
}

// sizeArg parses one size, between 1 and MaxTakeLimit, from elem, which
// starts at position pos of the argument; spaces around it are ignored.
func sizeArg(elem string, pos int) (int, error) {
	tok := strings.TrimSpace(elem)
	pos += leadingSpaces(elem)
	n, err := strconv.Atoi(tok)
	if err != nil || n < 1 || n > MaxTakeLimit {
		if tok == "" {
			return 0, &SyntaxError{Spec: elem, Pos: pos, Msg: "empty size"}
		}
		return 0, &SyntaxError{Spec: elem, Pos: pos, Token: tok, Msg: "not a size between 1 and " + strconv.Itoa(MaxTakeLimit)}
	}
	return n, nil
}

func leadingSpaces(s string) int { return len(s) - len(strings.TrimLeft(s, " \t")) }
