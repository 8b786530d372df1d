package pdn

import (
	"bytes"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// cp1252High maps the bytes 0x80..0x9F of Windows-1252 to Unicode (the Unicode
// consortium's table bestfit1252 / WHATWG "windows-1252"). The five bytes the code page
// leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to the C1 control of the same value,
// as Windows and WHATWG do. Bytes 0xA0..0xFF equal their Latin-1 code points.
var cp1252High = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80-87
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F, // 88-8F
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90-97
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178, // 98-9F
}

// cp1252 returns the Unicode character of one Windows-1252 byte.
func cp1252(b byte) rune {
	if b >= 0x80 && b < 0xA0 {
		return cp1252High[b-0x80]
	}
	return rune(b)
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// decode turns file bytes into text: a file that starts with a UTF-16 byte-order mark
// (Windows Notepad's "Unicode") is read as UTF-16; a leading UTF-8 byte-order mark is dropped, valid
// UTF-8 is kept as it is, and every byte that does not start a valid UTF-8 sequence is read
// as Windows-1252 (PDN files from Windows programs are often in that code page).
func decode(data []byte) string {
	if t, ok := decodeUTF16(data); ok {
		return t
	}
	data = bytes.TrimPrefix(data, bom)
	if utf8.Valid(data) {
		return string(data)
	}
	var b strings.Builder
	b.Grow(len(data) + len(data)/8)
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		if r == utf8.RuneError && n == 1 {
			r = cp1252(data[0])
		}
		b.WriteRune(r)
		data = data[n:]
	}
	return b.String()
}

// decodeUTF16 reads data as UTF-16 when it starts with a byte-order mark (FF FE little
// endian, FE FF big endian); ok is false for any other data. A last odd byte is dropped.
func decodeUTF16(data []byte) (string, bool) {
	if len(data) < 2 {
		return "", false
	}
	var big bool
	switch {
	case data[0] == 0xFF && data[1] == 0xFE:
	case data[0] == 0xFE && data[1] == 0xFF:
		big = true
	default:
		return "", false
	}
	u := make([]uint16, 0, len(data)/2-1)
	for i := 2; i+1 < len(data); i += 2 {
		if big {
			u = append(u, uint16(data[i])<<8|uint16(data[i+1]))
		} else {
			u = append(u, uint16(data[i+1])<<8|uint16(data[i]))
		}
	}
	return string(utf16.Decode(u)), true
}
