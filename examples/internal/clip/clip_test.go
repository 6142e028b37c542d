package clip

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCut(t *testing.T) {
	for _, tc := range []struct {
		s    string
		max  int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…(4 bytes)"},
		{"aé", 2, "a…(3 bytes)"},                      // é is 2 bytes: not split
		{"a€b", 3, "a…(5 bytes)"},                     // € is 3 bytes
		{"a€b", 4, "a€…(5 bytes)"},                    // ends right after €
		{"😀😀", 5, "😀…(8 bytes)"},                      // 4-byte characters
		{"\xff\xfe\xfd\xfc", 2, "\xff\xfe…(4 bytes)"}, // invalid bytes: one each
	} {
		if got := Cut(tc.s, tc.max); got != tc.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", tc.s, tc.max, got, tc.want)
		}
	}
}

func TestQuote(t *testing.T) {
	if got := Quote("zz"); got != `"zz"` {
		t.Errorf("Quote(zz) = %s", got)
	}
	long := strings.Repeat(".", 100000)
	want := `"` + strings.Repeat(".", MaxInput) + `"…(100000 bytes)`
	if got := Quote(long); got != want {
		t.Errorf("Quote of 100000 dots = %s", got)
	}
	// A multi-byte character across the cut is dropped whole.
	s := strings.Repeat("a", MaxInput-1) + "é" + strings.Repeat("b", 10)
	got := Quote(s)
	if !utf8.ValidString(got) || !strings.HasPrefix(got, `"`+strings.Repeat("a", MaxInput-1)+`"…`) {
		t.Errorf("Quote cut é: %s", got)
	}
	if got := Quote("\xff"); got != `"\xff"` {
		t.Errorf(`Quote("\xff") = %s`, got)
	}
}

func TestMessage(t *testing.T) {
	long := strings.Repeat("é", 100000)
	msg := "bad GAME \"cram:" + long + "\": row 2\nof " + long
	got := Message(msg)
	if len(got) > 400 || !utf8.ValidString(got) || strings.Contains(got, "\n") {
		t.Fatalf("Message: %d bytes, valid %v: %.300q", len(got), utf8.ValidString(got), got)
	}
	if !strings.Contains(got, "(200008 bytes) row 2 of ") || !strings.HasPrefix(got, "bad GAME ") {
		t.Errorf("Message = %q", got)
	}
	short := "unknown game \"zz\" (want one of a, b)"
	if got := Message(short); got != short {
		t.Errorf("Message(%q) = %q", short, got)
	}
	many := strings.Repeat("word ", 1000)
	if got := Message(many); len(got) > MaxMessage+30 || !strings.HasSuffix(got, "(5000 bytes)") {
		t.Errorf("Message of 5000 bytes: %d bytes, ends %q", len(got), got[len(got)-20:])
	}
	if got := Message("a\xffb"); got != "a\uFFFDb" {
		t.Errorf("Message(invalid) = %q", got)
	}
}

// FuzzClip: whatever the input, Quote and Message are valid UTF-8 of
// bounded length, Message is one line, and Cut keeps a prefix of s.
func FuzzClip(f *testing.F) {
	for _, s := range []string{"", "zz", strings.Repeat("é", 100), "\xff\xfe", "a\nb", strings.Repeat("😀", 70)} {
		f.Add(s, 10)
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		max = max & 0xff
		if q := Quote(s); !utf8.ValidString(q) || len(q) > 4*MaxInput+40 {
			t.Errorf("Quote(%q) = %q", s, q)
		}
		m := Message(s)
		if !utf8.ValidString(m) || len(m) > MaxMessage+40 || strings.ContainsAny(m, "\n\r") {
			t.Errorf("Message(%q) = %q", s, m)
		}
		c := Cut(s, max)
		if len(s) <= max && c != s {
			t.Errorf("Cut(%q, %d) = %q", s, max, c)
		}
		if p, _, ok := strings.Cut(c, "…("); len(s) > max && (!ok || !strings.HasPrefix(s, p) || len(p) > max) {
			t.Errorf("Cut(%q, %d) = %q", s, max, c)
		}
	})
}
