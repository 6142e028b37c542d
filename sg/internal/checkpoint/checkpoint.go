// Package checkpoint is the framing every saved file of the module
// shares (a search's table, a value sequence): a header, one checksum,
// a counting writer and reader, and errors that wrap [sg.ErrCheckpoint].
//
// A file starts, all integers little-endian, with
//
//	magic    8 bytes  the format's own, such as "IMPSGTAB"
//	version  uint32   the format's version
//	name     uint32 length (at most MaxName), then that many bytes: the
//	         game or rule the file was saved for
//
// and goes on in the format's own way; its checksums are CRC-32C
// (Castagnoli), which processors compute in hardware ([Update]).
package checkpoint

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"

	"github.com/impartial-go/impartial/sg"
)

// MaxName bounds the name a reader accepts, so that a damaged length
// cannot make it allocate gigabytes.
const MaxName = 1 << 16

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Update returns the CRC-32C of the bytes summed in crc followed by p: a
// checksum is Update(0, bytes).
func Update(crc uint32, p []byte) uint32 { return crc32.Update(crc, castagnoli, p) }

// AppendHeader appends the header of a file to dst.
func AppendHeader(dst []byte, magic string, version uint32, name string) []byte {
	dst = append(dst, magic...)
	dst = binary.LittleEndian.AppendUint32(dst, version)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(name)))
	return append(dst, name...)
}

// ReadHeader reads a header from r and returns its version and name. It
// refuses, with an error wrapping [sg.ErrCheckpoint] prefixed by prefix,
// a file whose magic is not magic ("not a <what>"), whose version is not
// among versions ("format version V, this library reads …"), whose name
// is longer than MaxName, or that ends within its header ("cut short").
func ReadHeader(r io.Reader, prefix, what, magic string, versions ...uint32) (uint32, string, error) {
	head := make([]byte, len(magic)+8)
	if n, err := io.ReadFull(r, head[:len(magic)]); err != nil {
		if isShort(err) {
			return 0, "", Errorf(prefix, "not a %s (%d bytes)", what, n)
		}
		return 0, "", ReadError(prefix, "the header", err)
	}
	if string(head[:len(magic)]) != magic {
		return 0, "", Errorf(prefix, "not a %s: bad magic %q (want %q)", what, head[:len(magic)], magic)
	}
	if _, err := io.ReadFull(r, head[len(magic):]); err != nil {
		return 0, "", ReadError(prefix, "the header", err)
	}
	v := binary.LittleEndian.Uint32(head[len(magic):])
	if !slices.Contains(versions, v) {
		return 0, "", Errorf(prefix, "format version %d, this library reads %v", v, versions)
	}
	n := binary.LittleEndian.Uint32(head[len(magic)+4:])
	if n > MaxName {
		return 0, "", Errorf(prefix, "damaged header (a name of %d bytes)", n)
	}
	name := make([]byte, n)
	if _, err := io.ReadFull(r, name); err != nil {
		return 0, "", ReadError(prefix, "the header", err)
	}
	return v, string(name), nil
}

// Errorf returns an error wrapping [sg.ErrCheckpoint]: prefix, then the
// message, as "prefix: message: unusable checkpoint".
func Errorf(prefix, format string, args ...any) error {
	return fmt.Errorf("%s: %s: %w", prefix, fmt.Sprintf(format, args...), sg.ErrCheckpoint)
}

// ReadError returns the error of a read of what that failed with err:
// wrapping [sg.ErrCheckpoint] ("cut short in what") when the file ended,
// else err itself, prefixed.
func ReadError(prefix, what string, err error) error {
	if isShort(err) {
		return Errorf(prefix, "cut short in %s", what)
	}
	return fmt.Errorf("%s: reading %s: %w", prefix, what, err)
}

func isShort(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// Writer writes through to W, counting the bytes in N and keeping in Sum
// the CRC-32C of every byte written (from the values they are given).
type Writer struct {
	W   io.Writer
	N   int64
	Sum uint32
}

// Write writes p to W.
func (c *Writer) Write(p []byte) (int, error) {
	n, err := c.W.Write(p)
	c.N += int64(n)
	c.Sum = Update(c.Sum, p[:n])
	return n, err
}

// Reader reads through from R, counting the bytes in N and keeping in
// Sum the CRC-32C of every byte read.
type Reader struct {
	R   io.Reader
	N   int64
	Sum uint32
}

// Read reads from R.
func (c *Reader) Read(p []byte) (int, error) {
	n, err := c.R.Read(p)
	c.N += int64(n)
	c.Sum = Update(c.Sum, p[:n])
	return n, err
}
