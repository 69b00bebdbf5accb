package search

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
	"runtime"
	"strings"
	"unsafe"

	"bizprofile/geo"
	"bizprofile/opening"
)

// A snapshot is an index written out as it is in memory, so that a new
// process reads a million listings' index in about a second instead of
// building it from the database. It holds what cannot be derived cheaply
// (the arena, the documents, the vocabulary's postings, the sort orders);
// the maps and lists derived from those are made again as it is read.
// The format is this build's memory layout: a snapshot from another
// format version or architecture is refused, and so is one whose
// checksum does not match.

// snapshotMagic starts every snapshot; snapshotFormat changes whenever
// what a snapshot holds or its layout does.
const (
	snapshotMagic  = "BZPIDX\x00\x01"
	snapshotFormat = 4 // 2: coordinates, hours and time zones (issue 38); 3: hours given or not; 4: coordinates apart
)

// ErrSnapshot is the error of a snapshot that cannot be read: another
// format, another architecture, truncated or damaged.
var ErrSnapshot = errors.New("search: not a usable index snapshot")

// Save writes the current index to w. Changes wait until it is written;
// searches go on.
func (e *Index) Save(w io.Writer) error {
	e.changes.Lock()
	defer e.changes.Unlock()
	ix := e.cur.Load()
	if ix == nil {
		return errors.New("search: no index to save")
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.save(w)
}

// Load replaces the current index with the one a snapshot holds, and
// returns its version.
func (e *Index) Load(r io.Reader) (int64, error) {
	ix, err := load(r)
	if err != nil {
		return -1, err
	}
	e.changes.Lock()
	defer e.changes.Unlock()
	e.cur.Store(ix)
	return ix.version, nil
}

// snapshotHeader is the layout a snapshot was written with.
type snapshotHeader struct {
	Format            uint32
	Meta, Doc, Vocab  uint32 // sizes of docMeta, docRef: the memory layout
	Arch              [8]byte
	Version           int64
	Docs, Dead, Words int64
	Chunks            int64
}

func header(ix *index) snapshotHeader {
	h := snapshotHeader{
		Format: snapshotFormat, Meta: uint32(unsafe.Sizeof(docMeta{})), Doc: uint32(unsafe.Sizeof(docRef{})),
		Vocab: uint32(unsafe.Sizeof(vocabWord{})), Version: ix.version, Docs: int64(len(ix.meta)), Dead: int64(ix.dead),
		Words: int64(len(ix.vocab)), Chunks: int64(len(ix.arena.chunks)),
	}
	copy(h.Arch[:], runtime.GOARCH)
	return h
}

// snapWriter writes a snapshot's parts and sums them as it goes.
type snapWriter struct {
	w   *bufio.Writer
	sum hash.Hash32
	err error
}

func (s *snapWriter) bytes(b []byte) {
	if s.err != nil {
		return
	}
	s.sum.Write(b)
	_, s.err = s.w.Write(b)
}

func (s *snapWriter) int(n int64) { s.bytes(binary.LittleEndian.AppendUint64(nil, uint64(n))) }

func (s *snapWriter) str(v string) {
	s.int(int64(len(v)))
	s.bytes(unsafe.Slice(unsafe.StringData(v), len(v)))
}

// raw writes a slice of values without pointers as they are in memory.
func raw[T any](s *snapWriter, v []T) {
	s.int(int64(len(v)))
	if len(v) > 0 {
		s.bytes(unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)*int(unsafe.Sizeof(v[0]))))
	}
}

func (ix *index) save(w io.Writer) error {
	s := &snapWriter{w: bufio.NewWriterSize(w, 1<<20), sum: crc32.New(crc32.MakeTable(crc32.Castagnoli))}
	s.bytes([]byte(snapshotMagic))
	raw(s, []snapshotHeader{header(ix)})
	raw(s, ix.meta)
	raw(s, ix.docs)
	raw(s, ix.at)
	for _, c := range ix.arena.chunks {
		raw(s, c)
	}
	for _, list := range [][]string{ix.strs, ix.categories, ix.types} {
		s.int(int64(len(list)))
		for _, v := range list {
			s.str(v)
		}
	}
	s.int(int64(len(ix.cities)))
	for _, c := range ix.cities {
		s.str(c.name)
		s.str(c.state)
	}
	s.int(int64(len(ix.zones)))
	for _, z := range ix.zones {
		s.str(z)
	}
	raw(s, ix.weeks)
	lens := make([]int32, 0, numFields*len(ix.vocab))
	for i := range ix.vocab {
		s.str(ix.vocab[i].word)
		for _, list := range ix.vocab[i].p {
			lens = append(lens, int32(len(list)))
		}
	}
	raw(s, lens)
	for i := range ix.vocab {
		for _, list := range ix.vocab[i].p {
			raw(s, list)
		}
	}
	for o := range numSorts {
		raw(s, ix.order[o])
	}
	if s.err != nil {
		return fmt.Errorf("search: save snapshot: %w", s.err)
	}
	if _, err := s.w.Write(binary.LittleEndian.AppendUint32(nil, s.sum.Sum32())); err != nil {
		return fmt.Errorf("search: save snapshot: %w", err)
	}
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("search: save snapshot: %w", err)
	}
	return nil
}

// snapReader reads what snapWriter wrote, summing it.
type snapReader struct {
	r   *bufio.Reader
	sum hash.Hash32
	err error
}

func (s *snapReader) fill(b []byte) {
	if s.err != nil {
		return
	}
	if _, s.err = io.ReadFull(s.r, b); s.err == nil {
		s.sum.Write(b)
	}
}

func (s *snapReader) int() int64 {
	var b [8]byte
	s.fill(b[:])
	return int64(binary.LittleEndian.Uint64(b[:]))
}

// count reads a length, refusing one no snapshot could hold.
func (s *snapReader) count(limit int64) int {
	n := s.int()
	if s.err == nil && (n < 0 || n > limit) {
		s.err = ErrSnapshot
	}
	if s.err != nil {
		return 0
	}
	return int(n)
}

func (s *snapReader) str() string {
	b := make([]byte, s.count(1<<24))
	s.fill(b)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

func readRaw[T any](s *snapReader, limit int64) []T {
	n := s.count(limit)
	v := make([]T, n)
	if n > 0 {
		s.fill(unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), n*int(unsafe.Sizeof(v[0]))))
	}
	return v
}

func load(r io.Reader) (*index, error) {
	s := &snapReader{r: bufio.NewReaderSize(r, 1<<20), sum: crc32.New(crc32.MakeTable(crc32.Castagnoli))}
	magic := make([]byte, len(snapshotMagic))
	s.fill(magic)
	hs := readRaw[snapshotHeader](s, 1)
	if s.err != nil || string(magic) != snapshotMagic || len(hs) != 1 {
		return nil, ErrSnapshot
	}
	h, this := hs[0], header(&index{})
	if h.Format != this.Format || h.Meta != this.Meta || h.Doc != this.Doc || h.Vocab != this.Vocab || h.Arch != this.Arch {
		return nil, fmt.Errorf("%w: written by another build (format %d, %s)", ErrSnapshot, h.Format, strings.TrimRight(string(h.Arch[:]), "\x00"))
	}
	// Bounds past which a snapshot is damaged, not big: nothing is
	// allocated for a count beyond them.
	const most = 1 << 32
	if h.Docs < 0 || h.Docs > most || h.Words < 0 || h.Words > most || h.Chunks < 0 || h.Chunks > most/chunkSize {
		return nil, ErrSnapshot
	}
	ix := newIndex(0)
	ix.version, ix.dead = h.Version, int(h.Dead)
	ix.meta = readRaw[docMeta](s, h.Docs)
	ix.docs = readRaw[docRef](s, h.Docs)
	ix.at = readRaw[geo.Point](s, h.Docs)
	ix.arena.chunks = make([][]byte, h.Chunks)
	for i := range ix.arena.chunks {
		ix.arena.chunks[i] = readRaw[byte](s, 1<<26)
	}
	for _, list := range []*[]string{&ix.strs, &ix.categories, &ix.types} {
		*list = make([]string, s.count(most))
		for i := range *list {
			(*list)[i] = s.str()
		}
	}
	for i := range s.count(most) {
		name, state := s.str(), s.str()
		// Filed as the index filed it, under the same number.
		if id := ix.place(name, state); int(id) != i || ix.cities[i].name != name || ix.cities[i].state != state {
			s.err = ErrSnapshot
		}
	}
	for i := range s.count(most) {
		// Numbered as the index numbered them; "" is always zone 0.
		if name := s.str(); int(ix.zone(name)) != i && s.err == nil {
			s.err = fmt.Errorf("%w: the time zone %q is not in this build's time zone data", ErrSnapshot, name)
		}
	}
	ix.weeks = readRaw[opening.Weekly](s, h.Docs+1)
	ix.vocab = make([]vocabWord, h.Words)
	for i := range ix.vocab {
		ix.vocab[i].word = s.str()
	}
	lens := readRaw[int32](s, numFields*h.Words)
	for i := range ix.vocab {
		for f := range numFields {
			ix.vocab[i].p[f] = readRaw[int32](s, h.Docs)
			if s.err == nil && len(ix.vocab[i].p[f]) != int(lens[i*numFields+f]) {
				s.err = ErrSnapshot
			}
		}
	}
	for o := range numSorts {
		ix.order[o] = readRaw[int32](s, h.Docs)
	}
	var trailer [4]byte
	want := s.sum.Sum32()
	if s.err == nil {
		_, s.err = io.ReadFull(s.r, trailer[:])
	}
	if s.err != nil || binary.LittleEndian.Uint32(trailer[:]) != want || len(ix.docs) != len(ix.meta) || len(ix.at) != len(ix.meta) {
		return nil, fmt.Errorf("%w: %v", ErrSnapshot, s.err)
	}
	if err := ix.derive(); err != nil {
		return nil, err
	}
	return ix, nil
}

// derive makes what a snapshot leaves out from what it holds: the maps
// from ids, words, strings and places to their numbers, the lists of
// each place's and category's documents, and each sort's ranks.
func (ix *index) derive() error {
	for i, v := range ix.strs {
		ix.strID[v] = uint32(i)
	}
	for i, c := range ix.categories {
		ix.categoryID[c] = uint16(i)
	}
	for i, t := range ix.types {
		ix.typeID[t] = uint8(i)
	}
	ix.byCategory = make([][]int32, len(ix.categories))
	for i := range ix.vocab {
		w := ix.vocab[i].word
		ix.words[w] = int32(i)
		ix.addStem(w, int32(i))
		for j := 0; j+1 < len(w); j++ {
			pair := [2]byte{w[j], w[j+1]}
			if ix.pairs == nil {
				ix.pairs = map[[2]byte][]int32{}
			}
			if list := ix.pairs[pair]; len(list) == 0 || list[len(list)-1] != int32(i) {
				ix.pairs[pair] = append(list, int32(i))
			}
		}
	}
	if len(ix.weeks) == 0 {
		return ErrSnapshot
	}
	clear(ix.weekID)
	for i, w := range ix.weeks {
		ix.weekID[w] = uint32(i)
	}
	ix.byID = make(map[int64]int32, len(ix.docs))
	for d := range ix.meta {
		m, r := &ix.meta[d], &ix.docs[d]
		if int(m.city) >= len(ix.cities) || int(m.category) >= len(ix.categories) || int(m.typ) >= len(ix.types) ||
			int(max(r.sub, r.city, r.state)) >= len(ix.strs) || int(m.week) >= len(ix.weeks) || int(m.zone) >= len(ix.zones) {
			return ErrSnapshot
		}
		ix.cityByName[[2]string{ix.strs[r.city], ix.strs[r.state]}] = m.city
		if m.flags&docLive == 0 {
			continue
		}
		ix.byID[r.id] = int32(d)
		ix.byCity[m.city] = append(ix.byCity[m.city], int32(d))
		ix.byCategory[m.category] = append(ix.byCategory[m.category], int32(d))
		ix.locate(int32(d))
	}
	for o := range numSorts {
		ix.rank[o] = make([]int32, len(ix.meta))
		for d := range ix.rank[o] {
			ix.rank[o][d] = -1
		}
		if len(ix.order[o]) != len(ix.byID) {
			return ErrSnapshot
		}
		for i, d := range ix.order[o] {
			if d < 0 || int(d) >= len(ix.meta) {
				return ErrSnapshot
			}
			ix.rank[o][d] = int32(i)
		}
	}
	return nil
}
