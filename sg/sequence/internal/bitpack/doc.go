// Package bitpack packs a table of 64 bytes, each 0 or 1, into the bits
// of one word: the sparse engine of package sequence marks option values
// in byte tables (a store with no dependency on the one before) and packs
// them into bit words only where it reads them.
//
// [Bits] and [Clear] cost O(1): on amd64 a few SSE2 instructions
// (PMOVMSKB packs 16 bytes at once), elsewhere a multiply a word of 8
// bytes. A byte other than 0 or 1 gives an unspecified word.
package bitpack
