package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/impartial-go/impartial/game/gametest"
	"github.com/impartial-go/impartial/rulesets"
)

// notaktoNaive decides misère P-positions of sums of Notakto boards from
// the definition, with no use of the quotient: a sum with no move is N
// (its mover has won), and a sum is P when every option is N. Dead boards
// are dropped and the others canonicalized, as equal games.
func notaktoNaive(n *rulesets.Notakto, bs []rulesets.NotaktoBoard, memo map[string]bool) bool {
	var live []rulesets.NotaktoBoard
	for _, b := range bs {
		if !b.Dead() {
			live = append(live, n.Canonical(b))
		}
	}
	slices.Sort(live)
	key := make([]byte, 0, 2*len(live))
	for _, b := range live {
		key = append(key, byte(b), byte(b>>8))
	}
	if v, ok := memo[string(key)]; ok {
		return v
	}
	isP := len(live) > 0
	for i, b := range live {
		for _, o := range n.AppendMoves(nil, b) {
			next := slices.Clone(live)
			next[i] = o
			if notaktoNaive(n, next, memo) {
				isP = false
				break
			}
		}
		if !isP {
			break
		}
	}
	memo[string(key)] = isP
	return isP
}

// misere notakto agrees with exhaustive search on random sums of up to
// four boards: the outcome, and every winning move leads to a P-position
// (and there is one from an N-position with a move).
func TestMisereNotaktoAgainstSearch(t *testing.T) {
	n, _ := rulesets.NewNotakto(1)
	memo := map[string]bool{}
	rng := rand.New(rand.NewPCG(7, 42))
	sums := 40
	if gametest.Long() {
		sums = 400
	}
	for range sums {
		bs := make([]rulesets.NotaktoBoard, 1+rng.IntN(4))
		args := make([]string, len(bs))
		for i := range bs {
			for range rng.IntN(6) {
				if moves := n.AppendMoves(nil, bs[i]); len(moves) > 0 {
					bs[i] = moves[rng.IntN(len(moves))]
				}
			}
			args[i] = bs[i].String()
		}
		var out bytes.Buffer
		if err := cmdMisere(context.Background(), append([]string{"notakto"}, args...), &out, &bytes.Buffer{}); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		var rep notaktoReport
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatal(err)
		}
		isP := notaktoNaive(n, bs, memo)
		if (rep.Outcome == "P") != isP {
			t.Fatalf("%v: outcome %s", args, rep.Outcome)
		}
		hasMove := slices.ContainsFunc(bs, func(b rulesets.NotaktoBoard) bool { return len(n.AppendMoves(nil, b)) > 0 })
		if !isP && hasMove && len(rep.Moves) == 0 {
			t.Errorf("%v is N but no winning move is given", args)
		}
		for _, m := range rep.Moves {
			next := slices.Clone(bs)
			next[m.Board] |= 1 << m.Cell
			if bs[m.Board]&(1<<m.Cell) != 0 || next[m.Board].String() != m.To || !notaktoNaive(n, next, memo) {
				t.Errorf("%v: move %+v does not lead to a P-position", args, m)
			}
		}
	}
}
