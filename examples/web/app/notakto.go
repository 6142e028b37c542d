package app

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"github.com/impartial-go/impartial/rulesets"
	"github.com/impartial-go/impartial/sg"
	"github.com/impartial-go/impartial/sg/misere"
)

// MaxNotaktoBoards is the most boards of Notakto the page draws and plays.
const MaxNotaktoBoards = 12

// notaktoQ is the misère quotient of the 3×3 Notakto board, computed on
// first use (the closed set of the empty board: 18 elements, Plambeck and
// Whitehead 2013) and kept for every later request.
var notaktoQ struct {
	sync.Mutex
	q *misere.GameQuotient[rulesets.NotaktoBoard]
}

func notaktoQuotient(ctx context.Context) (*misere.GameQuotient[rulesets.NotaktoBoard], error) {
	notaktoQ.Lock()
	defer notaktoQ.Unlock()
	if notaktoQ.q == nil {
		one, err := rulesets.NewNotakto(1)
		if err != nil {
			return nil, err
		}
		q, err := misere.NewGameQuotient[rulesets.NotaktoBoard](ctx, one, one.Start())
		if err != nil {
			return nil, err
		}
		notaktoQ.q = q
	}
	return notaktoQ.q, nil
}

// notaktoBoards reads the request's position of k boards: the free cells
// in At (cell 9·b + c is cell c of board b, row after row), or else, when
// Position is written as boards ("x../.x./...,........."), those boards;
// the empty boards otherwise (a position of heaps, which the page's field
// may still hold, is not a position of Notakto).
func notaktoBoards(r Request, k int) ([]rulesets.NotaktoBoard, error) {
	boards := make([]rulesets.NotaktoBoard, k)
	if strings.TrimSpace(r.At) == "" {
		if !looksLikeBoards(r.Position) {
			return boards, nil
		}
		fs := strings.FieldsFunc(r.Position, func(c rune) bool { return c == ',' || c == ' ' })
		if len(fs) != k {
			return nil, bad("position", "notakto:%d has %d boards: the position gives %d", k, k, len(fs))
		}
		for i, f := range fs {
			b, err := rulesets.ParseNotaktoBoard(f)
			if err != nil {
				return nil, bad("position", "board %d: %s", i+1, strings.TrimPrefix(err.Error(), "rulesets: "))
			}
			boards[i] = b
		}
		return boards, nil
	}
	free, err := parseElems(r.At, 9*k)
	if err != nil {
		return nil, err
	}
	for e, f := range free {
		if !f {
			boards[e/9] |= 1 << (e % 9)
		}
	}
	return boards, nil
}

// looksLikeBoards says whether a position field is meant as Notakto
// boards: anything but heaps (digits, commas and spaces, which the page
// leaves in the field from a heap game) is read as boards.
func looksLikeBoards(s string) bool {
	return strings.Trim(s, "0123456789, ") != ""
}

// cellName names cell c of board b (both from 0) for a person.
func cellName(b, c int) string {
	return "board " + strconv.Itoa(b+1) + ", row " + strconv.Itoa(c/3+1) + ", column " + strconv.Itoa(c%3+1)
}

// notakto answers Notakto: its boards drawn (each board's element of the
// misère quotient in Marks), every move with the element it leaves, and
// the misère outcome and winning moves read from the quotient.
func notakto(ctx context.Context, r Request, n *rulesets.Notakto) (Response, error) {
	resp := Response{Game: n.String()}
	k := n.Boards()
	if k > MaxNotaktoBoards {
		return resp, bad("game", "notakto:%d: this page draws at most %d boards", k, MaxNotaktoBoards)
	}
	boards, err := notaktoBoards(r, k)
	if err != nil {
		return resp, err
	}
	q, err := notaktoQuotient(ctx)
	if err != nil {
		return resp, err
	}
	x, err := q.Element(boards...)
	if err != nil {
		return resp, err
	}
	ans := &MisereAnswer{Element: q.Name(x), Order: q.Order(), Moves: []string{}, Outcome: sg.N.String()}
	isP := map[int]bool{}
	for _, y := range q.PPortion() {
		isP[y] = true
		ans.PPortion = append(ans.PPortion, q.Name(y))
	}
	if isP[x] {
		ans.Outcome = sg.P.String()
	}
	pic := &Picture{Kind: "notakto", Rows: 3, Cols: 3, Moves: []PicMove{}}
	for _, bd := range boards {
		y, _ := q.Element(bd)
		pic.Marks = append(pic.Marks, q.Name(y))
		for c := range 9 {
			pic.Alive = append(pic.Alive, bd&(1<<c) == 0)
		}
	}
	after := make([]rulesets.NotaktoBoard, k)
	for b, bd := range boards {
		if bd.Dead() {
			continue
		}
		for c := range 9 {
			if bd&(1<<c) != 0 {
				continue
			}
			copy(after, boards)
			after[b] |= 1 << c
			y, err := q.Element(after...)
			if err != nil {
				return resp, err
			}
			m := PicMove{Text: cellName(b, c), Pick: []int{9*b + c}, Gone: []int{9*b + c}, Winning: isP[y], After: q.Name(y)}
			var free []int
			for e := range 9 * k {
				if after[e/9]&(1<<(e%9)) == 0 {
					free = append(free, e)
				}
			}
			m.Position = elems(free)
			if m.Winning {
				ans.Moves = append(ans.Moves, m.Text)
			}
			pic.Moves = append(pic.Moves, m)
		}
	}
	if r.View == "play" {
		pic.Reply = choose(pic.Moves)
	}
	resp.Outcome, resp.Misere, resp.Picture = ans.Outcome, ans, pic
	resp.Board = &BoardAnswer{Moves: ans.Moves}
	return resp, nil
}
