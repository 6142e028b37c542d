package explain

import (
	"context"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"

	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/sg"
	"golang.org/x/exp/constraints"
)

// Row is one line of a [Table]: a heap or a component of a sum, and the
// value that enters the nim-sum.
type Row struct {
	// Name says what the row is: "heap 1", or a component's description.
	Name string `json:"name"`
	// Value is the heap size, or the component's Grundy value.
	Value uint64 `json:"value"`
	// Binary is Value in binary, padded to the table's width.
	Binary string `json:"binary"`
}

// Table is the nim-sum of a position written out in binary, the way it is
// computed by hand: one row per heap (or component), the XOR
// row, the highest set bit of the XOR, and the move it leads to.
//
// When the XOR s is zero the position is P and there is no move. Otherwise
// some row a_i has the highest bit of s set, so a_i XOR s < a_i, and
// changing that row from a_i to a_i XOR s (for Nim: taking
// a_i - (s XOR a_i) tokens) leaves XOR 0, a P-position. Table picks the
// first such row, the one [nim.WinningMove] picks.
//
// Numbering: indices count from 0 everywhere a program reads them, as in
// [sg.SumMove] and [nim.Move]: Chosen is an index into Rows (and into the
// caller's heaps or sum), and error messages name heaps and parts by that
// index. Only the row names of [Nim], which are for people, count from 1
// ("heap 1" is heaps[0]), as the heaps of a position are numbered in
// writing, a_1 ⊕ a_2 ⊕ … ⊕ a_k.
type Table struct {
	Rows []Row `json:"rows"`
	// Width is the number of binary digits shown.
	Width int `json:"width"`
	// Sum is the XOR of the values, in decimal and binary.
	Sum       uint64 `json:"sum"`
	SumBinary string `json:"sumBinary"`
	// Outcome is "P" when Sum is 0, else "N".
	Outcome string `json:"outcome"`
	// HighBit is the position of the highest set bit of Sum (bit 0 is
	// the ones), or -1 when Sum is 0.
	HighBit int `json:"highBit"`
	// Chosen is the index (from 0) of the row that moves, or -1 when Sum
	// is 0.
	Chosen int `json:"chosen"`
	// From and To are the chosen row's value before and after the move;
	// To = From XOR Sum. Take is From - To, the tokens taken in Nim.
	From uint64 `json:"from"`
	To   uint64 `json:"to"`
	Take uint64 `json:"take"`
	// Move describes the move in the component's own terms for tables
	// made by [SumTable] (such as "(1, 4)"); empty for Nim.
	Move string `json:"move,omitempty"`
	// Next is what the chosen part becomes, for tables made by
	// [SumTable]: the option of value To that [sg.Part.MoveTo] found,
	// which Move describes. It is the zero Part (nim(0)) for Nim and at
	// P-positions, where Chosen is -1, and is not marshalled.
	Next sg.Part `json:"-"`
}

// Nim returns the nim-sum table of a Nim position with the given heap
// sizes, rows named "heap 1", "heap 2", … It returns an error naming the
// index (from 0) and size of a negative heap. It runs in O(len(heaps))
// and allocates the table.
func Nim[T constraints.Integer](heaps []T) (*Table, error) {
	vals := make([]uint64, len(heaps))
	names := make([]string, len(heaps))
	for i, h := range heaps {
		if h < 0 {
			return nil, fmt.Errorf("explain: heaps[%d] has negative size %d", i, h)
		}
		vals[i] = uint64(h)
		names[i] = "heap " + strconv.Itoa(i+1)
	}
	return build(names, vals), nil
}

// build writes the table of the values vals, choosing the row of
// [nim.WinningMove].
func build(names []string, vals []uint64) *Table {
	t := &Table{HighBit: -1, Chosen: -1}
	var all uint64
	for _, v := range vals {
		all |= v
	}
	t.Width = max(1, bits.Len64(all))
	t.Sum, _ = nim.Sum(vals) // uint64 heaps are never negative
	t.SumBinary = binaryDigits(t.Sum, t.Width)
	t.Outcome = sg.OutcomeOf(sg.Nimber(t.Sum)).String()
	t.Rows = make([]Row, len(vals))
	for i, v := range vals {
		t.Rows[i] = Row{Name: names[i], Value: v, Binary: binaryDigits(v, t.Width)}
	}
	if m, ok, _ := nim.WinningMove(vals); ok {
		t.HighBit = bits.Len64(t.Sum) - 1
		t.Chosen, t.From, t.To, t.Take = m.Heap, m.From, m.To, m.Take()
	}
	return t
}

func binaryDigits(v uint64, width int) string {
	b := strconv.FormatUint(v, 2)
	if len(b) < width {
		b = strings.Repeat("0", width-len(b)) + b
	}
	return b
}

// SumTable returns the nim-sum table of a sum of positions of any games:
// each row is a part with its Grundy value (the Sprague–Grundy theorem says
// the sum behaves as Nim on these values), and when the sum is N the chosen
// part moves to an option of value From XOR Sum, found with one call of
// [sg.Part.MoveTo], kept in Next and described in Move. Each part's value
// is asked for once. It returns an error naming the index (from 0, as
// [sg.Sum] does) of the part whose value or move cannot be computed.
func SumTable(ctx context.Context, s sg.Sum) (*Table, error) {
	nimbers, err := s.Values(ctx)
	if err != nil {
		return nil, fmt.Errorf("explain: %w", err)
	}
	vals := make([]uint64, len(s))
	names := make([]string, len(s))
	for i, p := range s {
		vals[i] = uint64(nimbers[i])
		names[i] = p.String()
	}
	t := build(names, vals)
	if t.Chosen >= 0 {
		i := t.Chosen
		q, ok, err := s[i].MoveTo(ctx, sg.Nimber(t.To))
		if err != nil {
			return nil, fmt.Errorf("explain: part %d (%v): %w", i, s[i], err)
		}
		if !ok {
			return nil, fmt.Errorf("explain: part %d (%v) of value %d has no option of value %d", i, s[i], t.From, t.To)
		}
		t.Next, t.Move = q, q.String()
	}
	return t, nil
}

// Text returns the table as plain text in columns, for example for the
// Nim position (1, 2, 3, 4):
//
//	heap 1  1  001
//	heap 2  2  010
//	heap 3  3  011
//	heap 4  4  100
//	XOR     4  100
//	the highest set bit of the XOR is bit 2 (value 4); heap 4 has it:
//	4 XOR 4 = 0 < 4, so take 4 - 0 = 4 from heap 4, leaving XOR 0.
func (t *Table) Text() string {
	var b strings.Builder
	nameW, valW := len("XOR"), len(strconv.FormatUint(t.Sum, 10))
	for _, r := range t.Rows {
		nameW = max(nameW, len([]rune(r.Name)))
		valW = max(valW, len(strconv.FormatUint(r.Value, 10)))
	}
	line := func(name string, v uint64, bin string) {
		pad := nameW - len([]rune(name))
		fmt.Fprintf(&b, "%s%s  %*d  %s\n", name, strings.Repeat(" ", pad), valW, v, bin)
	}
	for _, r := range t.Rows {
		line(r.Name, r.Value, r.Binary)
	}
	line("XOR", t.Sum, t.SumBinary)
	if t.Sum == 0 {
		b.WriteString("the XOR is 0: a P-position, every move leaves a nonzero XOR.\n")
		return b.String()
	}
	r := t.Rows[t.Chosen]
	fmt.Fprintf(&b, "the highest set bit of the XOR is bit %d (value %d); %s has it:\n", t.HighBit, uint64(1)<<t.HighBit, r.Name)
	if t.Move == "" {
		fmt.Fprintf(&b, "%d XOR %d = %d < %d, so take %d - %d = %d from %s, leaving XOR 0.\n",
			t.From, t.Sum, t.To, t.From, t.From, t.To, t.Take, r.Name)
	} else {
		fmt.Fprintf(&b, "%d XOR %d = %d < %d, so move %s to %s, of value %d, leaving XOR 0.\n",
			t.From, t.Sum, t.To, t.From, r.Name, t.Move, t.To)
	}
	return b.String()
}

// WriteText writes [Table.Text] to w.
func (t *Table) WriteText(w io.Writer) error {
	_, err := io.WriteString(w, t.Text())
	return err
}
