package room

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"io"
	"strings"
)

// TokenBytes is the size of a seat token: 128 random bits.
const TokenBytes = 16

// newToken returns a fresh seat token (base64url, 22 characters) and its hash, the only
// form the room keeps.
func newToken(r io.Reader) (string, []byte, error) {
	var b [TokenBytes]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return "", nil, err
	}
	t := base64.RawURLEncoding.EncodeToString(b[:])
	return t, hashToken(t), nil
}

func hashToken(t string) []byte {
	h := sha256.Sum256([]byte(t))
	return h[:]
}

// seatOf finds the seat whose token hash matches t, comparing every seat in constant time;
// -1 when none does.
func seatOf(seats []seat, t string) int {
	if t == "" {
		return -1
	}
	h := hashToken(t)
	found := -1
	for i := range seats {
		if len(seats[i].TokenHash) == len(h) && subtle.ConstantTimeCompare(seats[i].TokenHash, h) == 1 {
			found = i
		}
	}
	return found
}

// idAlphabet has no look-alike characters (no 0/o, 1/l).
const idAlphabet = "abcdefghijkmnpqrstuvwxyz23456789"

// newRoomID returns 12 characters of idAlphabet: 60 random bits.
func newRoomID(r io.Reader) (string, error) {
	var b [12]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return "", err
	}
	for i := range b {
		b[i] = idAlphabet[int(b[i])%len(idAlphabet)]
	}
	return string(b[:]), nil
}

var cryptoRand io.Reader = rand.Reader

// validRoomID reports whether id has the shape newRoomID makes; other ids are never looked
// up (the store keys stay small and well-formed).
func validRoomID(id string) bool {
	if len(id) != 12 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if strings.IndexByte(idAlphabet, id[i]) < 0 {
			return false
		}
	}
	return true
}
