package embedded

import bolt "go.etcd.io/bbolt"

// Test hooks into the group commit.

func (s *Store) SetBeforeCommit(f func(n int)) { s.beforeCommit = f }

func (s *Store) Commits() int64 { return s.commits.Load() }

func (s *Store) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue)
}

// PutRaw stores v as room id's item as it is (to plant a damaged item).
func (s *Store) PutRaw(id string, v []byte) error {
	return s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucketRooms).Put([]byte(id), v) })
}

// InFile reports whether room id has an item in the bbolt file itself (not only in the log).
func (s *Store) InFile(id string) bool {
	in := false
	s.db.View(func(tx *bolt.Tx) error {
		in = tx.Bucket(bucketRooms).Get([]byte(id)) != nil
		return nil
	})
	return in
}
