package rulesets

import (
	"strconv"
	"strings"
)

// Parse returns the heap ruleset described by spec, the GAME argument of
// the sgtool command and of other programs. It accepts:
//
//	.07  0.137  4.07  0.[3]  .6  0.F     a take-and-break code (see ParseCode)
//	sub:1,3,4                            a finite subtraction set
//	bash:M                               take 1 to M
//	allbut:1,3                           take any number except those listed
//	odd  fib                             take an odd number / a Fibonacci number
//	adjacent:A,B,C  adjacent             take A, B or C (any number of) adjacent stones from a row
//	anywhere:2      anywhere             take 2 (any number of) stones from anywhere in a row
//	nim  kayles  dawson  grundy  lasker  the named games
//
// Names and keys are case-insensitive and surrounding spaces are ignored.
// The String method of the result is a canonical spec that Parse accepts
// again and that gives the same rules: Parse(r.String()) ≡ r.
//
// A bad spec is a [*SyntaxError] that names the bad argument: the unknown
// name, the list element that is not a number (and its position), or the
// bad character of a code.
func Parse(spec string) (Ruleset, error) {
	s := strings.TrimSpace(spec)
	if s == "" {
		return nil, &SyntaxError{Spec: spec, Msg: "empty game spec"}
	}
	if strings.ContainsAny(s, ".·") && !strings.Contains(s, ":") {
		return ParseCode(s)
	}
	key, arg, hasArg := strings.Cut(s, ":")
	key = strings.ToLower(strings.TrimSpace(key))
	if !hasArg {
		switch key {
		case "nim":
			return Nim(), nil
		case "kayles":
			return Kayles(), nil
		case "dawson":
			return DawsonsKayles(), nil
		case "grundy":
			return Grundy{}, nil
		case "lasker":
			return Lasker(), nil
		case "odd":
			return Odd(), nil
		case "fib":
			return Fibonacci(), nil
		case "adjacent":
			return AnyAdjacent(), nil
		case "anywhere":
			return AnyAnywhere(), nil
		case "sub", "bash", "allbut":
			return nil, &SyntaxError{Spec: spec, Token: key, Pos: 1 + leadingSpaces(spec), Msg: "needs an argument, as in " + key + ":3"}
		}
		return nil, unknownGame(spec, s)
	}
	argPos := len([]rune(spec[:strings.Index(spec, ":")])) + 2 // 1-based position of the argument
	switch key {
	case "nim", "kayles", "dawson", "grundy", "lasker", "odd", "fib":
		return nil, &SyntaxError{Spec: spec, Token: key, Pos: 1 + leadingSpaces(spec), Msg: "takes no argument (write " + key + " alone)"}
	case "bash":
		n, err := parseInt(spec, strings.TrimSpace(arg), argPos+leadingSpaces(arg))
		if err != nil {
			return nil, err
		}
		return bash(n), nil // parseInt checked 1 ≤ n ≤ MaxTakeLimit
	case "sub", "allbut", "adjacent", "anywhere":
		sizes, err := parseList(spec, arg, argPos)
		if err != nil {
			return nil, err
		}
		var r Ruleset
		switch key {
		case "sub":
			r, err = Subtraction(sizes...)
		case "allbut":
			r, err = AllBut(sizes...)
		case "adjacent":
			r, err = Adjacent(sizes...)
		default:
			r, err = Anywhere(sizes...)
		}
		if err != nil {
			return nil, &SyntaxError{Spec: spec, Pos: argPos, Token: arg, Msg: strings.TrimPrefix(err.Error(), "rulesets: ")}
		}
		return r, nil
	}
	return nil, unknownGame(spec, key)
}

func unknownGame(spec, name string) error {
	return &SyntaxError{Spec: spec, Token: name, Msg: "unknown game (want a code like .07 or 4.07, " +
		"sub:1,3,4, bash:M, allbut:1,2, odd, fib, adjacent:A,B, anywhere:K, nim, kayles, dawson, grundy or lasker)"}
}

// parseList parses "1,3,4", naming the bad element and its position.
func parseList(spec, arg string, pos int) ([]int, error) {
	if strings.TrimSpace(arg) == "" {
		return nil, &SyntaxError{Spec: spec, Pos: pos, Msg: "empty list of sizes"}
	}
	var out []int
	for elem := range strings.SplitSeq(arg, ",") {
		n, err := parseInt(spec, strings.TrimSpace(elem), pos+leadingSpaces(elem))
		if err != nil {
			return nil, err
		}
		out = append(out, n)
		pos += len([]rune(elem)) + 1
	}
	return out, nil
}

func leadingSpaces(s string) int { return len(s) - len(strings.TrimLeft(s, " \t")) }

func parseInt(spec, tok string, pos int) (int, error) {
	n, err := strconv.Atoi(tok)
	if err != nil || n < 1 || n > MaxTakeLimit {
		if tok == "" {
			return 0, &SyntaxError{Spec: spec, Pos: pos, Msg: "empty size"}
		}
		return 0, &SyntaxError{Spec: spec, Pos: pos, Token: tok, Msg: "not a size between 1 and " + strconv.Itoa(MaxTakeLimit)}
	}
	return n, nil
}
