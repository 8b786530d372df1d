package embedded

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"sort"
	"strings"

	bolt "go.etcd.io/bbolt"
)

// The write-ahead log: segment files "madang.wal.<16 hex digits>" beside the bbolt file,
// each a sequence of records
//
//	[4 bytes payload length, big endian][4 bytes CRC-32C of the payload][payload]
//	payload: [1 byte op][8 bytes sequence number][2 bytes key length][key][value]
//
// where value is the bucket's item as bbolt stores it (empty for opDelConn). A record is
// appended with one write(2); replay stops at the first record that is short or fails its
// checksum (the torn tail of a crash), and ignores every later record and segment, so a
// crash loses a suffix of the writes, never one in the middle.
//
// (github.com/tidwall/wal, the maintained Go log we looked at, has no checksums, so a
// record whose bytes never reached the disk but whose length did would replay as garbage;
// it refuses to open on a torn tail (ErrCorrupt) rather than dropping it; and TruncateFront
// rewrites the remaining part of a segment. This format is the few lines this store needs.)

const (
	opPutRoom byte = 1
	opPutConn byte = 2
	opDelConn byte = 3

	recordHeader = 8               // length and checksum
	payloadHead  = 1 + 8 + 2       // op, sequence number, key length
	maxKey       = bolt.MaxKeySize // bbolt's limit (32 KB), within the key length field
	segmentPref  = "madang.wal."
	segmentLimit = 4 << 20 // a segment is retired once past this size and applied
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// logOp is one logged write: applied to bbolt later by the committer, and until then the
// store's answer for its key (the overlay).
type logOp struct {
	op  byte
	seq uint64
	key string
	val []byte // the item as bbolt stores it; nil for opDelConn
}

// newRecord returns a record buffer for op on key with a value of n bytes, and the value's
// part of it for the caller to fill; sealRecord then sets its sequence number and checksum.
func newRecord(op byte, key string, n int) (rec, val []byte) {
	rec = make([]byte, recordHeader+payloadHead+len(key)+n)
	p := rec[recordHeader:]
	p[0] = op
	binary.BigEndian.PutUint16(p[9:], uint16(len(key)))
	copy(p[payloadHead:], key)
	return rec, p[payloadHead+len(key):]
}

func sealRecord(rec []byte, seq uint64) {
	p := rec[recordHeader:]
	binary.BigEndian.PutUint64(p[1:], seq)
	binary.BigEndian.PutUint32(rec[0:], uint32(len(p)))
	binary.BigEndian.PutUint32(rec[4:], crc32.Checksum(p, castagnoli))
}

// parseRecords returns the whole records at the start of b and whether b held nothing
// else (false: a torn or damaged record follows them).
func parseRecords(b []byte) (ops []logOp, clean bool) {
	for len(b) > 0 {
		if len(b) < recordHeader {
			return ops, false
		}
		n := binary.BigEndian.Uint32(b[0:])
		if n < payloadHead || uint64(n) > uint64(len(b)-recordHeader) {
			return ops, false
		}
		p := b[recordHeader : recordHeader+int(n)]
		if crc32.Checksum(p, castagnoli) != binary.BigEndian.Uint32(b[4:]) {
			return ops, false
		}
		kl := int(binary.BigEndian.Uint16(p[9:]))
		if kl == 0 || payloadHead+kl > len(p) || p[0] < opPutRoom || p[0] > opDelConn {
			return ops, false
		}
		o := logOp{op: p[0], seq: binary.BigEndian.Uint64(p[1:]), key: string(p[payloadHead : payloadHead+kl])}
		if o.op != opDelConn {
			o.val = p[payloadHead+kl:]
		}
		ops = append(ops, o)
		b = b[recordHeader+int(n):]
	}
	return ops, true
}

// segment is one log file being appended to, or retired and waiting for its records to
// reach bbolt.
type segment struct {
	f    *os.File
	path string
	size int64
	last uint64 // sequence number of its last record
}

// createSegment creates segment number n in dir and syncs the folder, so that the file
// itself survives a machine crash.
func createSegment(dir string, n uint64) (*segment, error) {
	path := filepath.Join(dir, fmt.Sprintf("%s%016x", segmentPref, n))
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syncDir(dir); err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	return &segment{f: f, path: path}, nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

// segmentPaths lists dir's log segments, oldest first.
func segmentPaths(dir string) ([]string, error) {
	es, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, e := range es {
		if name := e.Name(); !e.IsDir() && strings.HasPrefix(name, segmentPref) && len(name) == len(segmentPref)+16 {
			paths = append(paths, filepath.Join(dir, name))
		}
	}
	sort.Strings(paths)
	return paths, nil
}

// readLog returns the records of dir's segments up to the first torn or damaged one.
func readLog(paths []string) ([]logOp, error) {
	var ops []logOp
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		got, clean := parseRecords(b)
		ops = append(ops, got...)
		if !clean {
			break
		}
	}
	return ops, nil
}

var errLogFailed = errors.New("embedded: the write-ahead log failed")
