package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/impartial-go/impartial/rulesets"
)

func TestCmdGames(t *testing.T) {
	ctx := context.Background()
	var out bytes.Buffer
	if err := cmdGames(ctx, nil, &out, &out); err != nil {
		t.Fatal(err)
	}
	// Every catalogue entry is listed, in the catalogue's order.
	for _, e := range rulesets.Entries() {
		if !strings.Contains(out.String(), e.Syntax) || !strings.Contains(out.String(), e.Doc) {
			t.Errorf("games lacks %s:\n%s", e.Name, out.String())
		}
	}
	if !strings.Contains(out.String(), "  kayles ") {
		t.Errorf("games output:\n%s", out.String())
	}

	out.Reset()
	if err := cmdGames(ctx, []string{"Kayles"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	// Kayles' first values, OEIS A002186.
	for _, want := range []string{"kayles  (heap)\n", "  kayles: 0 1 2 3 1 4 3 2 1 4 2 6", "OEIS A002186"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("games kayles lacks %q:\n%s", want, out.String())
		}
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"frob"}, `"frob"`},
		{[]string{"nim", "kayles"}, "at most one NAME"},
		{[]string{"-x"}, "-x"},
	} {
		err := cmdGames(ctx, tc.args, &out, &out)
		var ue *usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("games %v: %v, want a usage error naming %s", tc.args, err, tc.want)
		}
	}
}
