package tt

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/impartial-go/impartial/game"
)

// A table's array of hugeMin bytes or more is advised as huge pages: the
// kernel lists the memory area that holds it as eligible for them
// (THPeligible in /proc/self/smaps), unless the system's setting turns
// huge pages off altogether; and a table that starts on such an array
// answers as any other.
func TestHugePagesAdvised(t *testing.T) {
	setting, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(setting), "[never]") {
		t.Skip("transparent huge pages are not available here")
	}
	eligible := func(p unsafe.Pointer) bool {
		f, err := os.Open("/proc/self/smaps")
		if err != nil {
			t.Skip("no /proc/self/smaps")
		}
		defer f.Close()
		addr := uint64(uintptr(p))
		in, found := false, false
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if lo, hi, ok := strings.Cut(strings.Fields(line)[0], "-"); ok && !strings.HasSuffix(strings.Fields(line)[0], ":") {
				a, err1 := strconv.ParseUint(lo, 16, 64)
				b, err2 := strconv.ParseUint(hi, 16, 64)
				in = err1 == nil && err2 == nil && a <= addr && addr < b
				found = found || in
				continue
			}
			if in && strings.HasPrefix(line, "THPeligible:") {
				return strings.TrimSpace(strings.TrimPrefix(line, "THPeligible:")) == "1"
			}
		}
		if found {
			t.Skip("this kernel does not report THPeligible in /proc/self/smaps")
		}
		t.Fatalf("no memory area holds %#x", addr)
		return false
	}
	big := newBuckets[narrowBucket](hugeMin / bucketBytes * 4)
	if !eligible(unsafe.Pointer(&big[len(big)/2])) {
		t.Errorf("an array of %d bytes is not eligible for huge pages", len(big)*bucketBytes)
	}
	defer func(old int64) { StartBuckets = old }(StartBuckets)
	StartBuckets = 1 << 40
	tab := New(64 << 20)
	if got := len(tab.narrow.Load().b) * bucketBytes; got != 64<<20 {
		t.Fatalf("table starts at %d bytes, want %d", got, 64<<20)
	}
	for i := uint64(1); i <= 100000; i++ {
		tab.Put(game.Key{Lo: i * 0x9e3779b97f4a7c15}, uint32(i%1000+1), i)
	}
	for i := uint64(1); i <= 100000; i++ {
		if got := tab.Get(game.Key{Lo: i * 0x9e3779b97f4a7c15}); got != uint32(i%1000+1) {
			t.Fatalf("key %d: fact %d, stored %d", i, got, i%1000+1)
		}
	}
}
