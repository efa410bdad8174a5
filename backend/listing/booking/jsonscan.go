package booking

import (
	"encoding/json"
	"errors"
	"strings"
)

// The Apollo cache is 300–600 kB of JSON of which the reader needs a few
// entries. Decoding it into a map validates and scans all of it twice;
// members splits an object into its members' raw values in one pass over
// the bytes, and only the entries the reader uses are then decoded (and so
// validated) by encoding/json.

var errJSON = errors.New("malformed JSON")

// members returns the members of the JSON object b, each value as its raw
// bytes (sharing b's memory).
func members(b []byte) (map[string][]byte, error) {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return nil, errJSON
	}
	out := map[string][]byte{}
	i = skipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return out, nil
	}
	for i < len(b) {
		if b[i] != '"' {
			return nil, errJSON
		}
		end, ok := skipString(b, i)
		if !ok {
			return nil, errJSON
		}
		key, ok := unquote(b[i:end])
		if !ok {
			return nil, errJSON
		}
		i = skipSpace(b, end)
		if i >= len(b) || b[i] != ':' {
			return nil, errJSON
		}
		start := skipSpace(b, i+1)
		end, ok = skipValue(b, start)
		if !ok {
			return nil, errJSON
		}
		if _, dup := out[key]; !dup {
			out[key] = b[start:end]
		}
		i = skipSpace(b, end)
		if i >= len(b) {
			break
		}
		switch b[i] {
		case '}':
			return out, nil
		case ',':
			i = skipSpace(b, i+1)
		default:
			return nil, errJSON
		}
	}
	return nil, errJSON
}

// unquote is the text of the JSON string q (quotes included).
func unquote(q []byte) (string, bool) {
	s := q[1 : len(q)-1]
	if !strings.Contains(string(s), `\`) {
		return string(s), true
	}
	var out string
	return out, json.Unmarshal(q, &out) == nil
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
		i++
	}
	return i
}

// skipString returns the index just past the string that starts at b[i].
func skipString(b []byte, i int) (int, bool) {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
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
