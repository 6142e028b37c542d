package main

import (
	"context"
	"io"
	"strconv"

	"github.com/impartial-go/impartial/nim"
	"github.com/impartial-go/impartial/sg"
)

// nimReport is the JSON printed by nim.
type nimReport struct {
	NimSum  uint64    `json:"nim_sum"`
	Outcome string    `json:"outcome"`
	Moves   []nimMove `json:"moves"`
}

type nimMove struct {
	Heap int    `json:"heap"`
	From uint64 `json:"from"`
	To   uint64 `json:"to"`
}

func cmdNim(_ context.Context, args []string, stdout, _ io.Writer) error {
	flags, ops, err := splitArgs("nim", args, map[string]bool{"misere": false})
	if err != nil {
		return err
	}
	heaps := make([]uint64, len(ops))
	for i, s := range ops {
		h, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return badArg("nim: bad heap %s (heap %d): want a whole number from 0 to 2^64-1", quote(s), i)
		}
		heaps[i] = h
	}
	_, misere := flags["misere"]
	rep, err := solveNim(heaps, misere)
	if err != nil {
		return err
	}
	return writeJSON(stdout, rep)
}

// solveNim returns the nim-sum, the outcome and every winning move of a
// Nim position, from package nim: Bouton's rule, and under misère play
// (the last player to move loses) its misère form, by which a position
// whose heaps are all 0 or 1 is P exactly when the number of 1-heaps is
// odd. The moves are in increasing heap order; "moves" is [] when there is
// none.
func solveNim(heaps []uint64, misere bool) (nimReport, error) {
	sum, err := nim.Sum(heaps)
	if err != nil {
		return nimReport{}, err
	}
	var outcome sg.Outcome
	var moves []nim.Move[uint64]
	if misere {
		outcome, err = nim.MisereOutcome(heaps)
		if err == nil {
			moves, err = nim.MisereWinningMoves(heaps)
		}
	} else {
		outcome, err = nim.Outcome(heaps)
		if err == nil {
			moves, err = nim.WinningMoves(heaps)
		}
	}
	if err != nil {
		return nimReport{}, err
	}
	rep := nimReport{NimSum: sum, Outcome: outcome.String(), Moves: make([]nimMove, len(moves))}
	for i, m := range moves {
		rep.Moves[i] = nimMove{Heap: m.Heap, From: m.From, To: m.To}
	}
	return rep, nil
}
