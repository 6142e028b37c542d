package app

import (
	"strconv"
	"unicode/utf8"

	"github.com/impartial-go/impartial/sg/explain"
)

// AppendJSON appends r as JSON, as encoding/json writes it (the same
// fields, names and omissions; a test compares the two), without
// reflection: the WebAssembly module carries no JSON package, which would
// add a tenth to its compressed size.
func (r *Response) AppendJSON(b []byte) []byte {
	w := &jw{b: append(b, '{')}
	w.strOmit("error", r.Error)
	w.strOmit("field", r.Field)
	w.strOmit("game", r.Game)
	if len(r.Position) > 0 {
		w.ints("position", r.Position)
	}
	if r.Splits {
		w.boolean("splits", true)
	}
	if len(r.Values) > 0 {
		w.uints("values", r.Values)
	}
	w.uint("value", r.Value)
	w.strOmit("outcome", r.Outcome)
	if len(r.Mex) > 0 {
		w.key("mex")
		w.list(len(r.Mex), r.Mex == nil, func(i int) { w.mexRow(&r.Mex[i]) })
	}
	if len(r.Moves) > 0 {
		w.key("moves")
		w.list(len(r.Moves), false, func(i int) { w.move(&r.Moves[i]) })
	}
	if t := r.NimSum; t != nil {
		w.key("nimsum")
		w.table(t)
	}
	if s := r.Sequence; s != nil {
		w.key("sequence")
		w.open()
		w.uints("values", s.Values)
		w.integer("computed", s.Computed)
		w.integer("preperiod", s.Preperiod)
		w.integer("period", s.Period)
		w.uint("saltus", s.Saltus)
		w.boolean("certified", s.Certified)
		w.str("svg", s.SVG)
		w.close()
	}
	if g := r.Graph; g != nil {
		w.key("graph")
		w.graph(g)
	}
	if r.Reply != nil {
		w.key("reply")
		w.move(r.Reply)
	}
	if r.Row != nil {
		w.key("row")
		w.mexRow(r.Row)
	}
	if a := r.Board; a != nil {
		w.key("board")
		w.open()
		w.strs("moves", a.Moves)
		w.close()
	}
	if a := r.Misere; a != nil {
		w.key("misere")
		w.open()
		w.str("outcome", a.Outcome)
		w.strs("moves", a.Moves)
		w.close()
	}
	if a := r.Loopy; a != nil {
		w.key("loopy")
		w.open()
		w.strs("values", a.Values)
		w.str("outcome", a.Outcome)
		w.strs("moves", a.Moves)
		w.close()
	}
	if p := r.Picture; p != nil {
		w.key("picture")
		w.picture(p)
	}
	return append(w.b, '}')
}

// jw writes JSON objects: key writes the comma before every key but an
// object's first.
type jw struct {
	b     []byte
	fresh bool
}

func (w *jw) open()  { w.b, w.fresh = append(w.b, '{'), true }
func (w *jw) close() { w.b, w.fresh = append(w.b, '}'), false }

func (w *jw) key(k string) {
	if !w.fresh && w.b[len(w.b)-1] != '{' {
		w.b = append(w.b, ',')
	}
	w.fresh = false
	w.b = append(appendString(w.b, k), ':')
}

func (w *jw) str(k, v string) { w.key(k); w.b = appendString(w.b, v) }

func (w *jw) strOmit(k, v string) {
	if v != "" {
		w.str(k, v)
	}
}

func (w *jw) uint(k string, v uint64)  { w.key(k); w.b = strconv.AppendUint(w.b, v, 10) }
func (w *jw) integer(k string, v int)  { w.key(k); w.b = strconv.AppendInt(w.b, int64(v), 10) }
func (w *jw) boolean(k string, v bool) { w.key(k); w.b = strconv.AppendBool(w.b, v) }

func (w *jw) float(k string, v float64) {
	w.key(k)
	w.b = strconv.AppendFloat(w.b, v, 'g', -1, 64)
}

// list writes an array of n elements (null when isNil, as encoding/json
// writes a nil slice), each by elem.
func (w *jw) list(n int, isNil bool, elem func(i int)) {
	if isNil {
		w.b = append(w.b, "null"...)
		return
	}
	w.b = append(w.b, '[')
	for i := range n {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		elem(i)
	}
	w.b = append(w.b, ']')
}

func (w *jw) ints(k string, xs []int) {
	w.key(k)
	w.list(len(xs), xs == nil, func(i int) { w.b = strconv.AppendInt(w.b, int64(xs[i]), 10) })
}

func (w *jw) uints(k string, xs []uint64) {
	w.key(k)
	w.list(len(xs), xs == nil, func(i int) { w.b = strconv.AppendUint(w.b, xs[i], 10) })
}

func (w *jw) strs(k string, xs []string) {
	w.key(k)
	w.list(len(xs), xs == nil, func(i int) { w.b = appendString(w.b, xs[i]) })
}

func (w *jw) bools(k string, xs []bool) {
	w.key(k)
	w.list(len(xs), xs == nil, func(i int) { w.b = strconv.AppendBool(w.b, xs[i]) })
}

func (w *jw) pairs(k string, xs [][2]int) {
	w.key(k)
	w.list(len(xs), xs == nil, func(i int) {
		w.b = append(w.b, '[')
		w.b = strconv.AppendInt(w.b, int64(xs[i][0]), 10)
		w.b = append(w.b, ',')
		w.b = strconv.AppendInt(w.b, int64(xs[i][1]), 10)
		w.b = append(w.b, ']')
	})
}

func (w *jw) mexRow(r *explain.MexRow) {
	w.open()
	w.integer("x", r.X)
	w.key("options")
	w.list(len(r.Options), r.Options == nil, func(i int) {
		o := &r.Options[i]
		w.open()
		w.ints("heaps", o.Heaps)
		w.uints("terms", o.Terms)
		w.uint("value", o.Value)
		w.close()
	})
	w.uints("values", r.Values)
	w.uints("excluded", r.Excluded)
	w.uint("mex", r.Mex)
	w.close()
}

func (w *jw) move(m *Move) {
	w.open()
	w.integer("heap", m.Heap)
	w.integer("from", m.From)
	w.ints("parts", m.Parts)
	w.ints("to", m.To)
	w.uint("value", m.Value)
	w.boolean("winning", m.Winning)
	w.str("text", m.Text)
	w.str("notation", m.Notation)
	w.close()
}

func (w *jw) table(t *explain.Table) {
	w.open()
	w.key("rows")
	w.list(len(t.Rows), t.Rows == nil, func(i int) {
		w.open()
		w.str("name", t.Rows[i].Name)
		w.uint("value", t.Rows[i].Value)
		w.str("binary", t.Rows[i].Binary)
		w.close()
	})
	w.integer("width", t.Width)
	w.uint("sum", t.Sum)
	w.str("sumBinary", t.SumBinary)
	w.str("outcome", t.Outcome)
	w.integer("highBit", t.HighBit)
	w.integer("chosen", t.Chosen)
	w.uint("from", t.From)
	w.uint("to", t.To)
	w.uint("take", t.Take)
	w.strOmit("move", t.Move)
	w.close()
}

func (w *jw) graph(g *Graph) {
	w.open()
	w.key("nodes")
	w.list(len(g.Nodes), g.Nodes == nil, func(i int) {
		n := &g.Nodes[i]
		w.open()
		w.integer("id", n.ID)
		w.str("position", n.Position)
		w.uint("value", n.Value)
		w.str("label", n.Label)
		w.float("X", n.X)
		w.float("Y", n.Y)
		w.close()
	})
	w.pairs("edges", g.Edges)
	w.boolean("truncated", g.Truncated)
	w.str("svg", g.SVG)
	w.close()
}

func (w *jw) picMove(m *PicMove) {
	w.open()
	w.str("text", m.Text)
	w.ints("pick", m.Pick)
	w.ints("gone", m.Gone)
	w.str("position", m.Position)
	w.boolean("winning", m.Winning)
	w.close()
}

func (w *jw) picture(p *Picture) {
	w.open()
	w.str("kind", p.Kind)
	if p.Rows != 0 {
		w.integer("rows", p.Rows)
	}
	if p.Cols != 0 {
		w.integer("cols", p.Cols)
	}
	w.bools("alive", p.Alive)
	if len(p.Nodes) > 0 {
		w.key("nodes")
		w.list(len(p.Nodes), false, func(i int) {
			w.open()
			w.str("name", p.Nodes[i].Name)
			w.float("x", p.Nodes[i].X)
			w.float("y", p.Nodes[i].Y)
			w.close()
		})
	}
	if len(p.Edges) > 0 {
		w.pairs("edges", p.Edges)
	}
	if len(p.Marks) > 0 {
		w.strs("marks", p.Marks)
	}
	w.key("moves")
	w.list(len(p.Moves), p.Moves == nil, func(i int) { w.picMove(&p.Moves[i]) })
	if p.Reply != nil {
		w.key("reply")
		w.picMove(p.Reply)
	}
	if len(p.Parts) > 0 {
		w.key("parts")
		w.list(len(p.Parts), false, func(i int) {
			w.open()
			w.ints("elems", p.Parts[i].Elems)
			w.uint("value", p.Parts[i].Value)
			w.close()
		})
	}
	w.close()
}

// appendString appends s as a JSON string; invalid UTF-8 becomes U+FFFD,
// as encoding/json writes it.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, "\ufffd"...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
