package grid

import "math/bits"

// Symmetry is one of the 8 symmetries of a square (the dihedral group D4),
// applied to a whole board by [Board.Transform]. The four that exchange
// rows and columns map a rectangle that is not a square onto another
// rectangle, so such a board has only the other four.
type Symmetry uint8

// The symmetries of a board of m rows and n columns, by where they send
// the cell in row r and column c.
const (
	Identity      Symmetry = iota // (r, c)
	Rotate90                      // a quarter turn clockwise: (c, m-1-r)
	Rotate180                     // a half turn: (m-1-r, n-1-c)
	Rotate270                     // a quarter turn counter-clockwise: (n-1-c, r)
	FlipRows                      // upside down: (m-1-r, c)
	FlipCols                      // left to right: (r, n-1-c)
	Transpose                     // about the main diagonal: (c, r)
	AntiTranspose                 // about the other diagonal: (n-1-c, m-1-r)
)

var symmetryNames = [...]string{"identity", "rotate90", "rotate180", "rotate270", "fliprows", "flipcols", "transpose", "antitranspose"}

// String returns the symmetry's name, such as "rotate90".
func (t Symmetry) String() string {
	if int(t) < len(symmetryNames) {
		return symmetryNames[t]
	}
	return "symmetry(?)"
}

// swapsAxes reports whether t exchanges rows and columns.
func (t Symmetry) swapsAxes() bool {
	return t == Rotate90 || t == Rotate270 || t == Transpose || t == AntiTranspose
}

// Symmetries returns the symmetries of the board: all 8 for a square,
// and the 4 that keep rows as rows for any other rectangle.
func (b *Board) Symmetries() []Symmetry {
	out := []Symmetry{Identity, Rotate180, FlipRows, FlipCols}
	if b.rows == b.cols {
		out = append(out, Rotate90, Rotate270, Transpose, AntiTranspose)
	}
	return out
}

// Transform returns the image of s under t, cell by cell, and false when t
// exchanges rows and columns of a board that is not a square. It is meant
// for mapping moves and positions, not for inner loops: [Board.Canonical]
// is the fast way to identify symmetric positions.
func (b *Board) Transform(s Set, t Symmetry) (Set, bool) {
	if t > AntiTranspose || (t.swapsAxes() && b.rows != b.cols) {
		return Set{}, false
	}
	m, n := b.rows, b.cols
	var out Set
	var buf [MaxCells]int
	for _, i := range s.And(b.full).Append(buf[:0]) {
		r, c := i/n, i%n
		switch t {
		case Rotate90:
			r, c = c, m-1-r
		case Rotate180:
			r, c = m-1-r, n-1-c
		case Rotate270:
			r, c = n-1-c, r
		case FlipRows:
			r = m - 1 - r
		case FlipCols:
			c = n - 1 - c
		case Transpose:
			r, c = c, r
		case AntiTranspose:
			r, c = n-1-c, m-1-r
		}
		out = out.With(r*n + c)
	}
	return out, true
}

// Canonical returns the representative of the shape of s: among the
// images of s under the 8 symmetries of the square, each moved to the top
// left corner (its first row in row 0 and its first column in column 0),
// that fit on the board, the one with the fewest rows, and among those the
// one whose rows, read from the top, are least (each row as a number, bit
// c for column c). Two sets have the same canonical form exactly when one
// is a translate of an image of the other that fits, so a game whose moves
// depend only on which cells are adjacent (Cram, Node Kayles on a grid
// graph, any placement game on free cells) has the same value at both. On
// a board of one row or one column the representative is the least, as a
// 128-bit number (see [Set.Less]), of the shape and its mirror image.
// Canonical is idempotent and does not allocate. On a board of at most
// 64 cells a shape of up to 8 rows of 8 cells costs a few dozen word
// operations whatever its size (its images are compared as whole words:
// see the package doc); other shapes cost a few operations per row (and
// per cell, when the shape is taller than wide and may be turned).
func (b *Board) Canonical(s Set) Set {
	if x := s.Lo & b.word; x != 0 {
		return Set{Lo: b.canonical64(x)} // small enough to inline: one call
	}
	return b.canonicalAny(s)
}

// canonicalAny is Canonical on any board.
func (b *Board) canonicalAny(s Set) Set {
	s = s.And(b.full)
	if s.IsEmpty() {
		return s
	}
	if b.rows == 1 || b.cols == 1 {
		// A strip: its cells are consecutive numbers either way.
		lo := s.Lowest()
		w := s.Highest() - lo + 1
		a := s.Shr(uint(lo))
		r := Set{Lo: bits.Reverse64(a.Hi), Hi: bits.Reverse64(a.Lo)}.Shr(uint(MaxCells - w))
		if r.Less(a) {
			return r
		}
		return a
	}
	if b.full.Hi == 0 {
		return Set{Lo: b.canonical64(s.Lo)}
	}
	// A larger board: on one word too when the rows from the shape's
	// first to its last fit in one, whole (so that its representative
	// does).
	if top := s.Lowest() / b.cols; (s.Highest()/b.cols-top+1)*b.cols <= 64 {
		return Set{Lo: b.canonical64(s.Shr(uint(top * b.cols)).Lo)}
	}
	return b.canonicalRows(s)
}

// canonicalRows is Canonical of a non-empty set of a board of at least
// two rows and two columns, row by row.
func (b *Board) canonicalRows(s Set) Set {
	// Rows and columns are then at most 64 each.
	var sh, shf, t, tf [64]uint64
	top := s.Lowest() / b.cols
	h := s.Highest()/b.cols - top + 1
	var or uint64
	for i := range h {
		sh[i] = b.row(s, top+i)
		or |= sh[i]
	}
	c0 := bits.TrailingZeros64(or)
	w := 64 - bits.LeadingZeros64(or) - c0
	for i := range h {
		sh[i] >>= uint(c0)
		shf[i] = reverse(sh[i], w)
	}
	turn := w <= b.rows && h <= b.cols // the turned shape, w rows of h, fits
	if !turn || h < w {
		k := leastFlip(&sh, &shf, h, 0xf)
		return b.encodeFlip(&sh, &shf, h, k)
	}
	for i := range h {
		for x := sh[i]; x != 0; x &= x - 1 {
			t[bits.TrailingZeros64(x)] |= 1 << uint(i)
		}
	}
	for j := range w {
		tf[j] = reverse(t[j], h)
	}
	if w < h {
		k := leastFlip(&t, &tf, w, 0xf)
		return b.encodeFlip(&t, &tf, w, k)
	}
	// A square shape: the least of all 8.
	k := leastFlip(&sh, &shf, h, 0xf)
	kt := leastFlip(&t, &tf, h, 0xf)
	for i := range h {
		x, y := flipRow(&sh, &shf, h, k, i), flipRow(&t, &tf, h, kt, i)
		if y < x {
			return b.encodeFlip(&t, &tf, h, kt)
		}
		if x < y {
			break
		}
	}
	return b.encodeFlip(&sh, &shf, h, k)
}

// flipRow returns row i of flip k of a shape of h rows, given its rows
// sh and their mirror images shf: bit 0 of k turns it upside down, bit 1
// mirrors it left to right.
func flipRow(sh, shf *[64]uint64, h, k, i int) uint64 {
	if k&1 != 0 {
		i = h - 1 - i
	}
	if k&2 != 0 {
		return shf[i]
	}
	return sh[i]
}

// leastFlip returns the flip, among those in the bit set alive, whose rows
// read from the top are least, eliminating flips row by row.
func leastFlip(sh, shf *[64]uint64, h int, alive uint) int {
	for i := 0; i < h && alive&(alive-1) != 0; i++ {
		least := ^uint64(0)
		for k := range 4 {
			if alive>>uint(k)&1 != 0 {
				least = min(least, flipRow(sh, shf, h, k, i))
			}
		}
		for k := range 4 {
			if alive>>uint(k)&1 != 0 && flipRow(sh, shf, h, k, i) != least {
				alive &^= 1 << uint(k)
			}
		}
	}
	return bits.TrailingZeros(alive)
}

// encodeFlip places flip k of the shape (h rows, sh and their mirror
// images shf) in the top left corner of the board.
func (b *Board) encodeFlip(sh, shf *[64]uint64, h, k int) Set {
	var out Set
	for i := range h {
		out = out.Or(Set{Lo: flipRow(sh, shf, h, k, i)}.Shl(uint(i * b.cols)))
	}
	return out
}

// canonical64 is Canonical of a non-empty set x of a board of at least
// two rows and two columns, on one word: a set of a board of at most 64
// cells, or of a larger board, moved up to its first row, whose rows fit
// in one word whole (its representative then does too).
//
// A shape that fits in 8 rows of 8 cells, as every shape of a board of at
// most 8 columns but the tallest ones does, and every shape that may be
// turned, is handled as an 8×8 matrix of bits: row i in byte i, column c
// in bit c of its byte. Read with its first row as its highest byte (the
// byte order reversed), a shape's rows from the top are least exactly
// when the word is least, so its images compare as words, and each costs
// a few word operations (see least4). The turned shape, whose four flips
// are the other four images, is its transpose (transpose8). A longer or
// wider shape is packed densely (canonicalDense): its turned images do
// not fit, or have more rows (one word holds at most 7 rows of 9 cells or
// more).
func (b *Board) canonical64(x uint64) uint64 {
	n := uint(b.cols)
	top := b.rowOf(uint(bits.TrailingZeros64(x)))
	h := b.rowOf(uint(63-bits.LeadingZeros64(x))) - top + 1
	x >>= top * n & 63 // the shape's first row in row 0 (shifts masked to 63: the compiler need not test them)
	var l uint64       // the shape, one row a byte
	var w uint         // its width
	if n <= 8 {
		if h > 8 {
			return b.canonicalDense(x, h) // too long to turn
		}
		// The columns the shape uses: the OR of its rows, folded in halves.
		or := x | x>>(4*n&63)
		or |= or >> (2 * n & 63)
		or = (or | or>>(n&63)) & (1<<(n&63) - 1)
		c0 := uint(bits.TrailingZeros64(or)) & 7
		if l, w = x, uint(bits.Len64(or))-c0; n < 8 {
			l = b.toBytes(x)
		}
		l >>= c0
	} else {
		// Wide rows: no more than 7 of them in one word.
		var or uint64
		for i := range h {
			or |= x >> (i * n & 63)
		}
		or &= uint64(1)<<n - 1
		c0 := uint(bits.TrailingZeros64(or))
		w = uint(64-bits.LeadingZeros64(or)) - c0
		if w > 8 {
			return b.canonicalDense(x, h) // turned, more rows or too long
		}
		x >>= c0
		for i := range h {
			l |= x >> (i * n & 63) & (1<<w - 1) << (8 * i & 63)
		}
	}
	// The least image.
	var k uint64
	if w > uint(b.rows) || h > n || h < w {
		// The turned images do not fit, or have more rows.
		k = least4(l, 8*(8-h), 8-w)
	} else if kt := least4(transpose8(l), 8*(8-w), 8-h); w < h {
		k, h = kt, w
	} else {
		k = min(kt, least4(l, 8*(8-h), 8-w))
	}
	k = bits.ReverseBytes64(k) // its first row in the lowest byte
	if n < 8 {
		return b.fromBytes(k)
	}
	if n == 8 {
		return k
	}
	var out uint64
	for i := range h {
		out |= k >> (8 * i & 63) & 0xff << (i * n & 63)
	}
	return out
}

// rowOf returns the row of cell i < 64, by a multiplication rather than
// a division (see Board.rowMul).
func (b *Board) rowOf(i uint) uint { return uint(uint64(i) * b.rowMul >> 16) }

// toBytes returns the first 8 rows of x, a set of a board of n ≤ 8
// columns, one a byte (row i in bits 8i to 8i+n-1), in three steps that
// each move half of the rows of each group of rows up together: rows 4 to
// 7 by 4(8-n) bits, then the second half of each four by 2(8-n), then
// every odd row by 8-n. On a board of 8 columns it is x.
func (b *Board) toBytes(x uint64) uint64 {
	d := 8 - uint(b.cols)
	t := x & b.byteMasks[0]
	x ^= t ^ t<<(4*d&63)
	t = x & b.byteMasks[1]
	x ^= t ^ t<<(2*d&63)
	t = x & b.byteMasks[2]
	return x ^ t ^ t<<(d&63)
}

// fromBytes returns the shape of the given rows, one a byte as toBytes
// makes them, no wider than the board, in the top left corner of the board
// (of at most 8 columns): the steps of toBytes undone in reverse order.
func (b *Board) fromBytes(x uint64) uint64 {
	d := 8 - uint(b.cols)
	t := x & 0xff00ff00ff00ff00
	x ^= t ^ t>>(d&63)
	t = x & 0xffff0000ffff0000
	x ^= t ^ t>>(2*d&63)
	t = x & 0xffffffff00000000
	return x ^ t ^ t>>(4*d&63)
}

// least4 returns the least of the four flips of a shape l of h rows of w
// cells (row i in byte i, as canonical64 has it), each as a word with its
// first row in the highest byte, given up = 8(8-h) and side = 8-w. Read
// that way, l with its bytes reversed is the shape itself, and l moved up
// bytes higher is the shape upside down; reversing the bits of each byte
// mirrors every row, leaving it side columns right of column 0, and
// bits.Reverse64 reverses both the bytes and their bits: the half turn.
func least4(l uint64, up, side uint) uint64 {
	up, side = up&63, side&63
	r := bits.Reverse64(l) // the mirror image, upside down, side columns right
	return min(bits.ReverseBytes64(l), l<<up, r>>side, bits.ReverseBytes64(r)>>side<<up)
}

// transpose8 returns the transpose of the 8×8 matrix of bits x, bit c
// of byte r (bit 8r+c) moving to bit r of byte c: three exchanges, of the
// off-diagonal cells of each 2×2 block, then of the off-diagonal 2×2
// blocks of each 4×4 block, then of the off-diagonal 4×4 blocks. Each
// exchanges a bit of a cell's row with the same bit of its column, which
// together exchange the row and the column (the method of Warren,
// Hacker's Delight, 2nd ed., section 7-3).
func transpose8(x uint64) uint64 {
	t := (x ^ x>>7) & 0x00aa00aa00aa00aa // row even, column odd: one row down, one column left
	x ^= t ^ t<<7
	t = (x ^ x>>14) & 0x0000cccc0000cccc // rows 0, 1 and columns 2, 3 of each 4×4 block
	x ^= t ^ t<<14
	t = (x ^ x>>28) & 0x00000000f0f0f0f0 // rows 0–3, columns 4–7
	return x ^ t ^ t<<28
}

// canonicalDense is canonical64 of a shape x already in row 0, of h rows,
// that is more than 8 rows long or 8 cells wide (so that its turned images
// do not fit or have more rows, and only its four flips count). Packed
// densely, row i in bits i·w to i·w+w-1, reversing all h·w bits turns it
// a half turn, and the packing upside down has its rows, read from the
// top, in its highest bits first: so the shape whose rows are least is
// the flip whose upside-down packing is least, and the four flips cost
// two packings and two reversals.
func (b *Board) canonicalDense(x uint64, h uint) uint64 {
	n := uint(b.cols)
	var or uint64
	for i := range h {
		or |= x >> (i * n)
	}
	or &= uint64(1)<<n - 1
	c0 := uint(bits.TrailingZeros64(or))
	w := uint(64-bits.LeadingZeros64(or)) - c0
	x >>= c0 // the shape in the top left corner, rows n apart
	rowMask := uint64(1)<<w - 1
	var p, up uint64 // the shape packed, and upside down
	for i := range h {
		r := x >> (i * n) & rowMask
		p |= r << (i * w)
		up |= r << ((h - 1 - i) * w)
	}
	l, _ := least(p, up, h*w)
	return spread(l, h, w, n)
}

// least returns the packing (of m bits) of the flip whose rows, read from
// the top, are least, and its packing upside down, which orders the flips
// (see canonical64), given the shape's packing p and that of the shape
// upside down, up. Reversing the m bits of up gives the mirror image,
// and of p the half turn.
func least(p, up uint64, m uint) (uint64, uint64) {
	hp, hu := bits.Reverse64(p)>>(64-m), bits.Reverse64(up)>>(64-m)
	best, key := p, up // the shape itself, and upside down
	if p < key {
		best, key = up, p // upside down, and back
	}
	if hp < key {
		best, key = hu, hp // the mirror image, and upside down: the half turn
	}
	if hu < key {
		best, key = hp, hu // the half turn, and upside down: the mirror image
	}
	return best, key
}

// spread returns the shape of h rows of w cells packed in p with its rows
// n apart: in the top left corner of a board of n columns.
func spread(p uint64, h, w, n uint) uint64 {
	rowMask := uint64(1)<<w - 1
	var out uint64
	for i := range h {
		out |= p >> (i * w) & rowMask << (i * n)
	}
	return out
}

// HalfTurn reports whether s is its own image under the half turn (the
// rotation by 180 degrees) about the centre of the rectangle that bounds
// it, and returns that centre counted in half cells: it lies in row r2/2
// and column c2/2, so that an odd r2 puts it on the line between rows
// (r2-1)/2 and (r2+1)/2, and likewise for c2. The empty set has no
// centre: ok is false.
//
// It is where symmetry strategies start. In a game whose move and the
// move's image never touch each other, the second player wins a
// position that is its own half turn by answering each move with its
// image, which restores the symmetry: in Cram and in Node Kayles on a grid
// that is every such position whose centre is neither a free cell nor the
// middle of two free cells (the even×even boards among them).
// It costs a few word operations on a board of up to 64 cells, and a
// few a row on larger ones.
func (b *Board) HalfTurn(s Set) (r2, c2 int, ok bool) {
	if s.IsEmpty() {
		return 0, 0, false
	}
	k := b.cols
	if n := b.rows * k; n <= 64 {
		// One word: the half turn of the whole board reverses the n bits,
		// and a shift then moves the image onto s's rectangle.
		x, row := s.Lo, ^uint64(0)>>uint(64-k)
		rmin := int(b.rowOf(uint(bits.TrailingZeros64(x))))
		rmax := int(b.rowOf(uint(63 - bits.LeadingZeros64(x))))
		lo, hi := x>>uint(rmin*k), x>>uint(rmax*k)
		// The last row must be the first row's mirror image, moved.
		a, z := bits.Reverse64(lo&row), hi&row
		if d := bits.TrailingZeros64(a) - bits.TrailingZeros64(z); d >= 0 && a>>uint(d) != z || d < 0 && a<<uint(-d) != z {
			return 0, 0, false
		}
		var cols uint64
		for w := lo; w != 0; w >>= uint(k) {
			cols |= w
		}
		cols &= row
		cmin, cmax := bits.TrailingZeros64(cols), 63-bits.LeadingZeros64(cols)
		img := bits.Reverse64(x) >> uint(64-n)
		if d := (rmin+rmax)*k + cmin + cmax - (n - 1); d >= 0 {
			img <<= uint(d)
		} else {
			img >>= uint(-d)
		}
		return rmin + rmax, cmin + cmax, img == x
	}
	if k > 64 {
		// A board of one row longer than a word (at most 128 cells).
		cmin, cmax := s.Lowest(), s.Highest()
		for i := cmin; i <= cmax; i++ {
			if s.Has(i) != s.Has(cmin+cmax-i) {
				return 0, 0, false
			}
		}
		return 0, cmin + cmax, true
	}
	rmin, rmax := s.Lowest()/k, s.Highest()/k
	var cols uint64
	for r := rmin; r <= rmax; r++ {
		cols |= b.row(s, r)
	}
	cmin, cmax := bits.TrailingZeros64(cols), 63-bits.LeadingZeros64(cols)
	d := cmin + cmax - (k - 1)
	for r := rmin; r <= rmax-(r-rmin); r++ {
		img := reverse(b.row(s, r), k)
		if d >= 0 {
			img <<= uint(d)
		} else {
			img >>= uint(-d)
		}
		if img != b.row(s, rmin+rmax-r) {
			return 0, 0, false
		}
	}
	return rmin + rmax, cmin + cmax, true
}
