package search

import (
	"encoding/binary"
	"unsafe"
)

// arena holds the text of every listing an index keeps, packed: each
// listing's stored fields (what its card shows and what a search reads)
// one after another, each behind its length. A listing's text is one
// record in one chunk, found by its offset; records are only ever added,
// never changed, so a string read from one stays valid however the arena
// grows, and the arena holds no pointers for the collector to follow:
// the index's text costs the garbage collector nothing to mark.
type arena struct {
	chunks [][]byte // each chunkSize long, or one record longer
}

// chunkSize is an arena chunk's size: new chunks, not a bigger copy, take
// the records that do not fit, so that adding a listing never copies the
// text of the others.
const chunkSize = 1 << 20

// Stored fields of a listing, in the order of a record.
const (
	recSlug = iota
	recName
	recTagline
	recDescription
	recTags
	recPhone
	recLogo
	numRec
)

// add appends a record of fields and returns its offset.
func (a *arena) add(fields *[numRec]string) int64 {
	n := 0
	for _, f := range fields {
		n += binary.MaxVarintLen32 + len(f)
	}
	last := len(a.chunks) - 1
	if last < 0 || len(a.chunks[last])+n > min(cap(a.chunks[last]), chunkSize) {
		// A new chunk: the record does not fit in the last one (a
		// record longer than a chunk has one of its own).
		a.chunks = append(a.chunks, make([]byte, 0, max(chunkSize, n)))
		last++
	}
	buf := a.chunks[last]
	off := int64(last)*chunkSize + int64(len(buf))
	for _, f := range fields {
		buf = binary.AppendUvarint(buf, uint64(len(f)))
		buf = append(buf, f...)
	}
	a.chunks[last] = buf
	return off
}

// locate is the chunk and position of an offset: a record starts within
// the first chunkSize bytes of its chunk.
func (a *arena) locate(off int64) (chunk, at int) {
	return int(off / chunkSize), int(off % chunkSize)
}

// record is the fields of the record at off. The strings share the
// arena's memory: they are valid for as long as they are referenced, but
// callers that keep them long should copy them (see own), or they keep
// the chunk alive.
func (a *arena) record(off int64) (fields [numRec]string) {
	chunk, at := a.locate(off)
	b := a.chunks[chunk][at:]
	for i := range fields {
		n, w := binary.Uvarint(b)
		b = b[w:]
		if n > 0 {
			fields[i] = unsafe.String(&b[0], int(n))
		}
		b = b[n:]
	}
	return fields
}

// field is one field of the record at off.
func (a *arena) field(off int64, f int) string {
	chunk, at := a.locate(off)
	b := a.chunks[chunk][at:]
	for i := 0; ; i++ {
		n, w := binary.Uvarint(b)
		b = b[w:]
		if i == f {
			if n == 0 {
				return ""
			}
			return unsafe.String(&b[0], int(n))
		}
		b = b[n:]
	}
}

// own copies the fields of a record into one new allocation of their
// own, for a caller to keep as long as it likes.
func own(fields [numRec]string) [numRec]string {
	n := 0
	for _, f := range fields {
		n += len(f)
	}
	if n == 0 {
		return fields
	}
	buf := make([]byte, 0, n)
	for _, f := range fields {
		buf = append(buf, f...)
	}
	at := 0
	for i, f := range fields {
		if len(f) > 0 {
			fields[i] = unsafe.String(&buf[at], len(f))
		}
		at += len(f)
	}
	return fields
}

// bytes is the memory the arena takes.
func (a *arena) bytes() int64 {
	var n int64
	for _, c := range a.chunks {
		n += int64(cap(c))
	}
	return n
}
