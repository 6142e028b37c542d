package tt

import (
	"sync/atomic"
	"unsafe"

	"github.com/impartial-go/impartial/game"
)

// bucketBytes is the size of a bucket of either kind (see the package
// documentation).
const bucketBytes = 128

// Entries a bucket holds: a key's entry may be in any of them.
const (
	narrowWays = 10
	wideWays   = 6
)

type narrowBucket struct {
	ver   atomic.Uint32
	words [narrowWays]atomic.Uint32
	keys  [narrowWays]atomic.Uint64 // after 4 bytes of padding
}

type wideBucket struct {
	ver   atomic.Uint32
	words [wideWays]atomic.Uint32
	keys  [wideWays][2]atomic.Uint64 // after 4 bytes of padding
}

// slots is what the table's code asks of a bucket of either kind.
type slots[B any] interface {
	*B
	version() *atomic.Uint32
	ways() int
	word(j int) *atomic.Uint32
	has(j int, k game.Key) bool
	key(j int) game.Key
	set(j int, k game.Key, w uint32)
}

func (b *narrowBucket) version() *atomic.Uint32    { return &b.ver }
func (b *narrowBucket) ways() int                  { return narrowWays }
func (b *narrowBucket) word(j int) *atomic.Uint32  { return &b.words[j] }
func (b *narrowBucket) has(j int, k game.Key) bool { return b.keys[j].Load() == k.Lo && k.Hi == 0 }
func (b *narrowBucket) key(j int) game.Key         { return game.Key{Lo: b.keys[j].Load()} }
func (b *narrowBucket) set(j int, k game.Key, w uint32) {
	b.keys[j].Store(k.Lo)
	b.words[j].Store(w)
}

func (b *wideBucket) version() *atomic.Uint32   { return &b.ver }
func (b *wideBucket) ways() int                 { return wideWays }
func (b *wideBucket) word(j int) *atomic.Uint32 { return &b.words[j] }
func (b *wideBucket) has(j int, k game.Key) bool {
	return b.keys[j][0].Load() == k.Lo && b.keys[j][1].Load() == k.Hi
}
func (b *wideBucket) key(j int) game.Key {
	return game.Key{Lo: b.keys[j][0].Load(), Hi: b.keys[j][1].Load()}
}
func (b *wideBucket) set(j int, k game.Key, w uint32) {
	b.keys[j][0].Store(k.Lo)
	b.keys[j][1].Store(k.Hi)
	b.words[j].Store(w)
}

// arr is one array of buckets; a grow replaces it with one twice as long.
type arr[B any] struct {
	b    []B
	mask uint64
}

// Both kinds of bucket are bucketBytes long: the array lengths are all
// zero exactly then (else one is negative, which does not compile).
var (
	_ [unsafe.Sizeof(narrowBucket{}) - bucketBytes]struct{}
	_ [bucketBytes - unsafe.Sizeof(narrowBucket{})]struct{}
	_ [unsafe.Sizeof(wideBucket{}) - bucketBytes]struct{}
	_ [bucketBytes - unsafe.Sizeof(wideBucket{})]struct{}
)
