package egdb

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// File layout (one file a material, gzip-compressed): the magic "madang-egdb 1\n", the
// rules id and material as text ("draughts m0k3-m0k1\n"), the number of entries as a
// little-endian uint64, then the 2-bit values, four to a byte, lowest bits first.
const magic = "madang-egdb 1\n"

// FileName is the name Save gives m's table: "<rules id>-<material>.wld.gz".
func (db *DB) FileName(m Material) string {
	return db.r.ID + "-" + m.String() + ".wld.gz"
}

// Save writes every table built or loaded so far into dir (created if missing), one file
// a material; it reports the files written.
func (db *DB) Save(dir string) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	n := 0
	for i := range db.tables {
		t := db.tables[i].Load()
		if t == nil {
			continue
		}
		if err := db.saveTable(filepath.Join(dir, db.FileName(t.mat)), t); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

func (db *DB) saveTable(path string, t *table) error {
	f, err := os.Create(path + ".tmp")
	if err != nil {
		return err
	}
	defer f.Close()
	zw := gzip.NewWriter(f)
	w := bufio.NewWriter(zw)
	fmt.Fprintf(w, "%s%s %s\n", magic, db.r.ID, t.mat)
	var sz [8]byte
	binary.LittleEndian.PutUint64(sz[:], uint64(t.size))
	w.Write(sz[:])
	w.Write(t.vals)
	if err := w.Flush(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(path+".tmp", path)
}

// Load reads every table file of db's ruleset in dir (as Save writes them) and reports
// how many it loaded. A missing dir loads nothing; a damaged file is an error.
func (db *DB) Load(dir string) (int, error) {
	names, err := filepath.Glob(filepath.Join(dir, db.r.ID+"-*.wld.gz"))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, path := range names {
		if err := db.loadFile(path); err != nil {
			return n, fmt.Errorf("egdb: %s: %w", path, err)
		}
		n++
	}
	return n, nil
}

var errFormat = errors.New("not a table of this ruleset")

func (db *DB) loadFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	r := bufio.NewReader(zr)
	head, err := r.ReadString('\n')
	if err != nil || head != magic {
		return errFormat
	}
	line, err := r.ReadString('\n')
	if err != nil {
		return errFormat
	}
	var id string
	var m Material
	if _, err := fmt.Sscanf(strings.TrimSpace(line), "%s m%dk%d-m%dk%d", &id, &m.Men[0], &m.Kings[0], &m.Men[1], &m.Kings[1]); err != nil || id != db.r.ID || !m.valid() {
		return errFormat
	}
	t := newTable(db.geo, m)
	var sz [8]byte
	if _, err := io.ReadFull(r, sz[:]); err != nil || binary.LittleEndian.Uint64(sz[:]) != uint64(t.size) {
		return errFormat
	}
	if _, err := io.ReadFull(r, t.vals); err != nil {
		return errFormat
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	if db.tables[m.slot()].Load() == nil {
		db.tables[m.slot()].Store(t)
	}
	return nil
}
