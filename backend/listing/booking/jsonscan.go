package booking

import (
	"bytes"
	"errors"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The Apollo cache is 300–600 kB of JSON of which the reader needs a few
// entries. Decoding it into a map validates and scans all of it twice;
// members splits an object into its members' raw values in one pass over
// the bytes, and only the entries the reader uses are then decoded (and so
// validated) by encoding/json.

var errJSON = errors.New("malformed JSON")

// members returns the members of the JSON object b, each value as its raw
// bytes (sharing b's memory); of a key given twice, the first.
func members(b []byte) (map[string][]byte, error) {
	out := map[string][]byte{}
	var bad bool
	err := eachMember(b, func(rawKey, val []byte) bool {
		key, ok := unquote(rawKey)
		if !ok {
			bad = true
			return false
		}
		if _, dup := out[key]; !dup {
			out[key] = val
		}
		return true
	})
	if err != nil || bad {
		return nil, errJSON
	}
	return out, nil
}

// eachMember calls fn with each member of the JSON object b, its key as
// written (quotes included, escapes not undone) and its raw value, until fn
// returns false. A reader after a few members of a small object (a
// photo's alt text and one rendition) compares keys as written and builds
// no map.
func eachMember(b []byte, fn func(rawKey, val []byte) bool) error {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return errJSON
	}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return nil
	}
	for i < len(b) {
		if b[i] != '"' {
			return errJSON
		}
		end, ok := skipString(b, i)
		if !ok {
			return errJSON
		}
		key := b[i:end]
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return errJSON
		}
		start := skipSpace(b, i+1)
		end, ok = skipValue(b, start)
		if !ok {
			return errJSON
		}
		if !fn(key, b[start:end]) {
			return nil
		}
		i = skipSpace(b, end)
		if i >= len(b) {
			break
		}
		switch b[i] {
		case '}':
			return nil
		case ',':
			i = skipSpace(b, i+1)
		default:
			return errJSON
		}
	}
	return errJSON
}

// unquote is the text of the JSON string q (quotes included). The cache's
// keys and URLs are full of escapes (Property:{\"id\":7}, \u0026): they
// are undone here rather than by encoding/json, which would scan and
// validate each string again.
func unquote(q []byte) (string, bool) {
	s := q[1 : len(q)-1]
	i := bytes.IndexByte(s, '\\')
	if i < 0 {
		return string(s), true
	}
	out := make([]byte, 0, len(s))
	for i >= 0 {
		out = append(out, s[:i]...)
		if i+1 >= len(s) {
			return "", false
		}
		switch c := s[i+1]; c {
		case '"', '\\', '/':
			out = append(out, c)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, n := unicodeEscape(s[i:])
			if n == 0 {
				return "", false
			}
			out = utf8.AppendRune(out, r)
			s = s[i+n:]
			i = bytes.IndexByte(s, '\\')
			continue
		default:
			return "", false
		}
		s = s[i+2:]
		i = bytes.IndexByte(s, '\\')
	}
	return string(append(out, s...)), true
}

// unicodeEscape reads the \uXXXX at the start of s (a surrogate pair as
// one rune) and how many bytes it took; 0 when it is malformed. A lone
// surrogate becomes U+FFFD, as encoding/json makes it.
func unicodeEscape(s []byte) (rune, int) {
	r, ok := hex4(s)
	if !ok {
		return 0, 0
	}
	if utf16.IsSurrogate(r) {
		if r2, ok := hex4(s[6:]); ok && len(s) >= 12 && s[6] == '\\' {
			if p := utf16.DecodeRune(r, r2); p != utf8.RuneError {
				return p, 12
			}
		}
		return utf8.RuneError, 6
	}
	return r, 6
}

// hex4 reads \uXXXX at the start of s.
func hex4(s []byte) (rune, bool) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range s[2:6] {
		switch {
		case c >= '0' && c <= '9':
			r = r<<4 | rune(c-'0')
		case c >= 'a' && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case c >= 'A' && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
		i++
	}
	return i
}

// skipString returns the index just past the string that starts at b[i]:
// the first quote after it that no odd run of backslashes escapes, found
// at memchr speed (the cache is mostly long strings).
func skipString(b []byte, i int) (int, bool) {
	for j := i + 1; j < len(b); {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return 0, false
		}
		j += k
		n := 0
		for n < j-i-1 && b[j-1-n] == '\\' {
			n++
		}
		if n%2 == 0 {
			return j + 1, true
		}
		j++
	}
	return 0, false
}

// skipValue returns the index just past the value that starts at b[i].
// It checks nesting and strings, not the grammar: encoding/json validates
// whatever value is then decoded.
func skipValue(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return 0, false
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				j, ok := skipString(b, i)
				if !ok {
					return 0, false
				}
				i = j
				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1, true
				}
			}
			i++
		}
		return 0, false
	}
	start := i
	for i < len(b) && !strings.ContainsRune(",}] \t\r\n", rune(b[i])) {
		i++
	}
	return i, i > start
}
