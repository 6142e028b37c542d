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
	w := &jw{b: b}
	w.obj(func() { w.response(r) })
	return w.b
}

func (w *jw) response(r *Response) {
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
		w.objects("mex", len(r.Mex), false, func(i int) { w.mexRow(&r.Mex[i]) })
	}
	if len(r.Moves) > 0 {
		w.objects("moves", len(r.Moves), false, func(i int) { w.move(&r.Moves[i]) })
	}
	if t := r.NimSum; t != nil {
		w.field("nimsum", func() { w.table(t) })
	}
	if s := r.Sequence; s != nil {
		w.field("sequence", func() { w.sequence(s) })
	}
	if g := r.Graph; g != nil {
		w.field("graph", func() { w.graph(g) })
	}
	if r.Reply != nil {
		w.field("reply", func() { w.move(r.Reply) })
	}
	if r.Row != nil {
		w.field("row", func() { w.mexRow(r.Row) })
	}
	if a := r.Board; a != nil {
		w.field("board", func() {
			w.strs("moves", a.Moves)
			w.strOmit("start", a.Start)
		})
	}
	if a := r.Misere; a != nil {
		w.field("misere", func() { w.misere(a) })
	}
	if a := r.Loopy; a != nil {
		w.field("loopy", func() {
			w.strs("values", a.Values)
			w.str("outcome", a.Outcome)
			w.strs("moves", a.Moves)
		})
	}
	if p := r.Picture; p != nil {
		w.field("picture", func() { w.picture(p) })
	}
}

// jw writes JSON objects: key writes the comma before every key but an
// object's first.
type jw struct {
	b     []byte
	fresh bool
}

// obj writes an object whose fields f writes.
func (w *jw) obj(f func()) {
	w.b, w.fresh = append(w.b, '{'), true
	f()
	w.b, w.fresh = append(w.b, '}'), false
}

// field writes the key k and an object whose fields f writes.
func (w *jw) field(k string, f func()) {
	w.key(k)
	w.obj(f)
}

// objects writes the key k and an array of n objects (null when isNil),
// the fields of object i written by f(i).
func (w *jw) objects(k string, n int, isNil bool, f func(i int)) {
	w.key(k)
	w.list(n, isNil, func(i int) { w.obj(func() { f(i) }) })
}

func (w *jw) key(k string) {
	if !w.fresh {
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

// array writes the key k and the array xs, each element by elem.
func array[T any](w *jw, k string, xs []T, elem func(b []byte, x T) []byte) {
	w.key(k)
	w.list(len(xs), xs == nil, func(i int) { w.b = elem(w.b, xs[i]) })
}

func appendInt(b []byte, x int) []byte     { return strconv.AppendInt(b, int64(x), 10) }
func appendUint(b []byte, x uint64) []byte { return strconv.AppendUint(b, x, 10) }

func appendPair(b []byte, x [2]int) []byte {
	b = appendInt(append(b, '['), x[0])
	return append(appendInt(append(b, ','), x[1]), ']')
}

func (w *jw) ints(k string, xs []int)     { array(w, k, xs, appendInt) }
func (w *jw) uints(k string, xs []uint64) { array(w, k, xs, appendUint) }
func (w *jw) strs(k string, xs []string)  { array(w, k, xs, appendString) }
func (w *jw) bools(k string, xs []bool)   { array(w, k, xs, strconv.AppendBool) }
func (w *jw) pairs(k string, xs [][2]int) { array(w, k, xs, appendPair) }

func (w *jw) sequence(s *Sequence) {
	w.uints("values", s.Values)
	w.integer("computed", s.Computed)
	w.integer("preperiod", s.Preperiod)
	w.integer("period", s.Period)
	w.uint("saltus", s.Saltus)
	w.boolean("certified", s.Certified)
	w.str("svg", s.SVG)
}

func (w *jw) misere(a *MisereAnswer) {
	w.str("outcome", a.Outcome)
	w.strs("moves", a.Moves)
	w.strOmit("element", a.Element)
	if a.Order != 0 {
		w.integer("order", a.Order)
	}
	if len(a.PPortion) > 0 {
		w.strs("pportion", a.PPortion)
	}
}

func (w *jw) mexRow(r *explain.MexRow) {
	w.integer("x", r.X)
	w.objects("options", len(r.Options), r.Options == nil, func(i int) {
		o := &r.Options[i]
		w.ints("heaps", o.Heaps)
		w.uints("terms", o.Terms)
		w.uint("value", o.Value)
	})
	w.uints("values", r.Values)
	w.uints("excluded", r.Excluded)
	w.uint("mex", r.Mex)
}

func (w *jw) move(m *Move) {
	w.integer("heap", m.Heap)
	w.integer("from", m.From)
	w.ints("parts", m.Parts)
	w.ints("to", m.To)
	w.uint("value", m.Value)
	w.boolean("winning", m.Winning)
	w.str("text", m.Text)
	w.str("notation", m.Notation)
}

func (w *jw) table(t *explain.Table) {
	w.objects("rows", len(t.Rows), t.Rows == nil, func(i int) {
		w.str("name", t.Rows[i].Name)
		w.uint("value", t.Rows[i].Value)
		w.str("binary", t.Rows[i].Binary)
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
}

func (w *jw) graph(g *Graph) {
	w.objects("nodes", len(g.Nodes), g.Nodes == nil, func(i int) {
		n := &g.Nodes[i]
		w.integer("id", n.ID)
		w.str("position", n.Position)
		w.uint("value", n.Value)
		w.str("label", n.Label)
		w.float("X", n.X)
		w.float("Y", n.Y)
	})
	w.pairs("edges", g.Edges)
	w.boolean("truncated", g.Truncated)
	w.str("svg", g.SVG)
}

func (w *jw) picMove(m *PicMove) {
	w.str("text", m.Text)
	w.ints("pick", m.Pick)
	w.ints("gone", m.Gone)
	w.str("position", m.Position)
	w.boolean("winning", m.Winning)
	w.strOmit("after", m.After)
}

func (w *jw) picture(p *Picture) {
	w.str("kind", p.Kind)
	if p.Rows != 0 {
		w.integer("rows", p.Rows)
	}
	if p.Cols != 0 {
		w.integer("cols", p.Cols)
	}
	w.bools("alive", p.Alive)
	if len(p.Nodes) > 0 {
		w.objects("nodes", len(p.Nodes), false, func(i int) {
			w.str("name", p.Nodes[i].Name)
			w.float("x", p.Nodes[i].X)
			w.float("y", p.Nodes[i].Y)
		})
	}
	if len(p.Edges) > 0 {
		w.pairs("edges", p.Edges)
	}
	if len(p.Marks) > 0 {
		w.strs("marks", p.Marks)
	}
	w.objects("moves", len(p.Moves), p.Moves == nil, func(i int) { w.picMove(&p.Moves[i]) })
	if p.Reply != nil {
		w.field("reply", func() { w.picMove(p.Reply) })
	}
	if len(p.Parts) > 0 {
		w.objects("parts", len(p.Parts), false, func(i int) {
			w.ints("elems", p.Parts[i].Elems)
			w.uint("value", p.Parts[i].Value)
		})
	}
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
