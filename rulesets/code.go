package rulesets

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/impartial-go/impartial/game"
)

// SyntaxError reports a spec or code that cannot be parsed. It names the
// offending token and where it is: Pos counts characters from 1, and Token
// is the bad character or argument.
type SyntaxError struct {
	Spec  string // the whole text being parsed
	Pos   int    // 1-based character position of Token in Spec; 0 when not positional
	Token string // the bad character or argument
	Msg   string // what is wrong with it
}

// Error formats the error on one line, for command-line tools.
func (e *SyntaxError) Error() string {
	where := ""
	switch {
	case e.Token != "" && e.Pos > 0:
		where = fmt.Sprintf("%q at position %d: ", e.Token, e.Pos)
	case e.Token != "":
		where = fmt.Sprintf("%q: ", e.Token)
	case e.Pos > 0:
		where = fmt.Sprintf("at position %d: ", e.Pos)
	}
	return fmt.Sprintf("rulesets: %q: %s%s", e.Spec, where, e.Msg)
}

// ParseCode parses a take-and-break code as written in the literature and
// returns its game. The notation, with examples:
//
//	0.07   .07   ·07     Dawson's Kayles: d1 = 0, d2 = 7 (the leading 0 is optional)
//	0.77   .77           Kayles
//	0.137                Dawson's chess
//	4.07                 an integer digit: d0 = 4 splits a heap in two without taking
//	.6   0.F   0.0F      octal and hexadecimal digits (a–f or A–F)
//	0.{17}               a digit above F written in decimal: bits 0 and 4 (leave 0 or 4 heaps)
//	0.[3]  .[3]          a repeating group: Nim = 0.333…; 4.[3] is Lasker's Nim
//	0.0[30]              groups of several digits repeat as a whole: 0.0303030…
//	0.333…  0.333...     an ellipsis repeats the last digit for ever (same as 0.33[3])
//
// Digit dk (k ≥ 1, the k-th digit after the point) is a bit set: bit j set
// means a player may remove k tokens and leave j nonempty heaps. The
// integer digit d0 may only have bits 2 and up set (4, 8, C, …).
//
// A bad code is a [*SyntaxError] naming the bad character and its position.
func ParseCode(code string) (*TakeBreak, error) {
	p := codeParser{src: code}
	digits, repeat, err := p.parse()
	if err != nil {
		return nil, err
	}
	// parse returns d0 and has rejected an integer digit with bit 0 or 1.
	return newTakeBreak(digits, repeat), nil
}

type codeParser struct {
	src string
	i   int // byte offset
	pos int // 1-based character position of the character at i
}

func (p *codeParser) fail(tok, msg string) error {
	return &SyntaxError{Spec: p.src, Pos: p.pos, Token: tok, Msg: msg}
}

// peek returns the character at the cursor, or 0 at the end.
func (p *codeParser) peek() (rune, int) {
	if p.i >= len(p.src) {
		return 0, 0
	}
	return utf8.DecodeRuneInString(p.src[p.i:])
}

func (p *codeParser) advance(size int) {
	p.i += size
	p.pos++
}

func (p *codeParser) parse() (digits, repeat []uint32, err error) {
	p.pos = 1
	if strings.TrimSpace(p.src) == "" {
		return nil, nil, &SyntaxError{Spec: p.src, Msg: "empty code"}
	}
	// Integer part: at most one digit, then the point.
	digits = []uint32{0}
	if r, _ := p.peek(); r != '.' && r != '·' {
		d, ok, err := p.digit()
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			return nil, nil, p.fail(string(r), "want a digit or the point")
		}
		if d&3 != 0 {
			return nil, nil, &SyntaxError{Spec: p.src, Pos: 1, Token: p.src[:p.i],
				Msg: "the integer digit may only split heaps (bits 0 and 1 clear: 0, 4, 8, C, …)"}
		}
		digits[0] = d
	}
	if r, size := p.peek(); r == '.' || r == '·' {
		p.advance(size)
	} else if r == 0 {
		return nil, nil, &SyntaxError{Spec: p.src, Pos: p.pos, Msg: "missing the point (write codes as 0.07 or .07)"}
	} else {
		return nil, nil, p.fail(string(r), "want the point after the integer digit")
	}
	for {
		r, size := p.peek()
		switch {
		case r == 0:
			return digits, nil, nil
		case r == '[':
			start := p.pos
			p.advance(size)
			for {
				r, size := p.peek()
				if r == ']' {
					p.advance(size)
					break
				}
				if r == 0 {
					return nil, nil, &SyntaxError{Spec: p.src, Pos: start, Token: "[", Msg: "repeating group is not closed with ]"}
				}
				d, ok, err := p.digit()
				if err != nil {
					return nil, nil, err
				}
				if !ok {
					return nil, nil, p.fail(string(r), "want a digit or ] in the repeating group")
				}
				repeat = append(repeat, d)
			}
			if len(repeat) == 0 {
				return nil, nil, &SyntaxError{Spec: p.src, Pos: start, Token: "[]", Msg: "empty repeating group"}
			}
			if r, _ := p.peek(); r != 0 {
				return nil, nil, p.fail(string(r), "nothing may follow the repeating group")
			}
			return digits, repeat, nil
		case r == '…' || strings.HasPrefix(p.src[p.i:], "..."):
			tok := "…"
			if r != '…' {
				tok = "..."
			}
			if len(digits) == 1 {
				return nil, nil, p.fail(tok, "an ellipsis must follow a digit to repeat")
			}
			for range utf8.RuneCountInString(tok) {
				_, size := p.peek()
				p.advance(size)
			}
			if r, _ := p.peek(); r != 0 {
				return nil, nil, p.fail(string(r), "nothing may follow the ellipsis")
			}
			return digits, []uint32{digits[len(digits)-1]}, nil
		default:
			d, ok, err := p.digit()
			if err != nil {
				return nil, nil, err
			}
			if !ok {
				return nil, nil, p.fail(string(r), "not a digit (want 0-9, A-F, {n}, [group] or …)")
			}
			digits = append(digits, d)
		}
	}
}

// digit reads one digit at the cursor: 0-9, a-f, A-F or {decimal}. It
// returns false, without moving, when the cursor is not at a digit.
func (p *codeParser) digit() (uint32, bool, error) {
	r, size := p.peek()
	switch {
	case r >= '0' && r <= '9':
		p.advance(size)
		return uint32(r - '0'), true, nil
	case r >= 'a' && r <= 'f':
		p.advance(size)
		return uint32(r-'a') + 10, true, nil
	case r >= 'A' && r <= 'F':
		p.advance(size)
		return uint32(r-'A') + 10, true, nil
	case r == '{':
		end := strings.IndexByte(p.src[p.i:], '}')
		if end < 0 {
			return 0, false, p.fail("{", "digit in braces is not closed with }")
		}
		body := p.src[p.i+1 : p.i+end]
		v, err := strconv.ParseUint(body, 10, 32)
		if err != nil {
			return 0, false, p.fail("{"+body+"}", "digit in braces must be a decimal number below 2^32")
		}
		for range utf8.RuneCountInString(p.src[p.i : p.i+end+1]) {
			_, size := p.peek()
			p.advance(size)
		}
		return uint32(v), true, nil
	}
	return 0, false, nil
}

// formatCode writes digits in the notation ParseCode reads: the integer
// digit, the point, the digits and the repeating group in brackets.
// Hexadecimal digits are upper case; digits above F are in braces.
func formatCode(digits, repeat []uint32) string {
	var b strings.Builder
	writeDigit(&b, digits[0])
	b.WriteByte('.')
	for _, d := range digits[1:] {
		writeDigit(&b, d)
	}
	if len(repeat) > 0 {
		b.WriteByte('[')
		for _, d := range repeat {
			writeDigit(&b, d)
		}
		b.WriteByte(']')
	} else if len(digits) == 1 {
		b.WriteByte('0')
	}
	return b.String()
}

func writeDigit(b *strings.Builder, d uint32) {
	if d < 16 {
		b.WriteByte("0123456789ABCDEF"[d])
		return
	}
	b.WriteByte('{')
	b.WriteString(strconv.FormatUint(uint64(d), 10))
	b.WriteByte('}')
}

// Nim returns Nim, spec "nim", code 0.[3]: take any number of tokens from
// one heap. G(n) = n (Bouton, 1901), so ValueOf works for every heap.
func Nim() *TakeBreak { return mustTakeBreak("nim", []uint32{0}, []uint32{3}) }

// Kayles returns Kayles, spec "kayles", code 0.77: knock down one pin or two
// adjacent pins from a row, which may split it in two. Its values are
// periodic with period 12 from heap 71 on, the last exception being
// G(70) = 6 (OEIS A002186; Winning Ways, ch. 4; first proved by R. K. Guy
// in 1949).
func Kayles() *TakeBreak { return mustTakeBreak("kayles", []uint32{0, 7, 7}, nil) }

// DawsonsKayles returns Dawson's Kayles, spec "dawson", code 0.07: knock
// down exactly two adjacent pins, or take two adjacent stones from a row
// ([Adjacent](2), spec "adjacent:2"). Its values have period 34 from heap
// 53 on; the last exception is G(52) = 2, while G(86) = 9. (OEIS A002187 lists
// Dawson's chess, whose values are those of 0.07 shifted by one heap:
// "period 34 with the only exceptions at n = 0, 14, 16, 17, 31, 34 and 51";
// Winning Ways, ch. 4; Guy and Smith, 1956.)
func DawsonsKayles() *TakeBreak { return mustTakeBreak("dawson", []uint32{0, 0, 7}, nil) }

var (
	_ = register(&Entry{
		Name:   codeEntry,
		Syntax: "[code:]CODE",
		Doc:    "take-and-break code: .07, 0.137, 4.07, 0.[3], 0.F",
		Kind:   game.KindHeap,
		WithArg: func(arg string) (fmt.Stringer, error) {
			t, err := ParseCode(strings.TrimSpace(arg))
			if err != nil {
				if se, ok := err.(*SyntaxError); ok && se.Pos > 0 {
					se.Pos += leadingSpaces(arg)
				}
				return nil, err
			}
			return t, nil
		},
		Known: []Known{{
			Spec:   "0.137",
			Values: "0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2",
			Source: "Dawson's chess, OEIS A002187; Winning Ways, ch. 4",
		}},
	})
	_ = register(&Entry{
		Name:   "nim",
		Syntax: "nim",
		Doc:    "Nim: take any number from a heap, code 0.[3]",
		Kind:   game.KindHeap,
		Alone:  func() fmt.Stringer { return Nim() },
		Known: []Known{{
			Spec:   "nim",
			Values: "0 1 2 3 4 5 6 7 8 9",
			Source: "G(n) = n, C. L. Bouton, Nim, a game with a complete mathematical theory, Annals of Mathematics 3 (1901)",
		}},
	})
	_ = register(&Entry{
		Name:   "kayles",
		Syntax: "kayles",
		Doc:    "Kayles: take 1 or 2 adjacent pins, code 0.77",
		Kind:   game.KindHeap,
		Alone:  func() fmt.Stringer { return Kayles() },
		Known: []Known{{
			Spec:   "kayles",
			Values: "0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 4 1 2 8",
			Source: "OEIS A002186; Winning Ways, ch. 4",
		}},
	})
	_ = register(&Entry{
		Name:   "dawson",
		Syntax: "dawson",
		Doc:    "Dawson's Kayles: take 2 adjacent pins, code 0.07",
		Kind:   game.KindHeap,
		Alone:  func() fmt.Stringer { return DawsonsKayles() },
		Known: []Known{{
			Spec:   "dawson",
			Values: "0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2",
			Source: "OEIS A002187 (Dawson's chess) shifted by one heap; Winning Ways, ch. 4",
		}},
	})
)
