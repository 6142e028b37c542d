package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

func runCmd(t *testing.T, cmd func(context.Context, []string, io.Writer, io.Writer) error, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := cmd(context.Background(), args, &out, &errOut)
	return out.String(), err
}

func TestCmdNimmul(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		// ONAG ch. 6: 2 ⊗ 2 = 3, 4 ⊗ 4 = 6, 8 ⊗ 8 = 13; 2^32 ⊗ 2^32 = 3·2^31.
		{[]string{"2", "2"}, `{"product":3}`},
		{[]string{"4", "4"}, `{"product":6}`},
		{[]string{"8", "8"}, `{"product":13}`},
		{[]string{"4294967296", "4294967296"}, `{"product":6442450944}`},
		{[]string{"18446744073709551615", "1"}, `{"product":18446744073709551615}`},
	}
	for _, c := range cases {
		got, err := runCmd(t, cmdNimmul, c.args...)
		if err != nil || strings.TrimSpace(got) != c.want {
			t.Errorf("nimmul %v = %q, %v; want %s", c.args, got, err, c.want)
		}
	}
	for _, bad := range [][]string{{"1"}, {"1", "2", "3"}, {"-1", "2"}, {"2", "18446744073709551616"}, {"x", "1"}, {"-q", "1", "2"}} {
		_, err := runCmd(t, cmdNimmul, bad...)
		var ue *usageError
		if !errors.As(err, &ue) {
			t.Errorf("nimmul %v: err = %v, want a usage error", bad, err)
		}
	}
	if _, err := runCmd(t, cmdNimmul, "2", "x"); err == nil || !strings.Contains(err.Error(), `bad B "x"`) {
		t.Errorf("nimmul 2 x: %v, want the bad B named", err)
	}
}

func TestCmdNiminv(t *testing.T) {
	// 2 ⊗ 3 = 1 and 4 ⊗ 15 = 1 (ONAG's table of the nimbers below 16).
	for _, c := range [][2]string{{"1", `{"inverse":1}`}, {"2", `{"inverse":3}`}, {"4", `{"inverse":15}`}} {
		got, err := runCmd(t, cmdNiminv, c[0])
		if err != nil || strings.TrimSpace(got) != c[1] {
			t.Errorf("niminv %s = %q, %v; want %s", c[0], got, err, c[1])
		}
	}
	_, err := runCmd(t, cmdNiminv, "0")
	var ue *usageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "no inverse") {
		t.Errorf("niminv 0: err = %v", err)
	}
	if _, err := runCmd(t, cmdNiminv); !errors.As(err, &ue) {
		t.Errorf("niminv with no argument: %v", err)
	}
}
