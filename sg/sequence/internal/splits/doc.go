// Package splits holds the scans of the sparse engine (internal/sparse)
// over the splits of one heap, and [Mark], with which both engines of
// package sequence mark the values of a heap's splits into two. A scan
// looks for the values still to confirm (marked in a [Tab]): the splits
// of the heap into two are read, smaller part first,
// until each value is found or every split is read. [Range] and
// [RangeWords] read the smaller parts in increasing order, every removal
// amount at once (8 splits a word for 1-byte values); [Blocks] first takes
// the smaller parts in blocks of 8 in an order chosen from the values of
// the small heaps, for rules whose only split is of one size into two
// unequal heaps (Grundy's game).
//
// A scan costs O(a·t) for the smaller parts below a that it reads and t
// split sizes, and stops as soon as nothing is left to find; choosing the
// block order costs O(B·log B) for B blocks. Nothing here allocates once
// the scratch of [Blocks] has grown.
package splits
