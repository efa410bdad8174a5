package writing

// A Write reads the host's text twice the same way: for the description,
// and (through hostFacts) for the facts the description must keep. The
// reading is the slowest part of the built-in writer after the checker's
// fact sheet, and a pure function of its inputs, so the last few readings
// are kept. The units and lists handed out are shared: callers only read
// them.

import "sync"

// pieceKey is everything hostPieces reads.
type pieceKey struct{ description, listingLang, lang, copyLang string }

type piecesRead struct {
	units []hostUnit
	lists []hostList
}

// pieceCacheSize is how many readings are kept: a few requests written at
// once each find theirs.
const pieceCacheSize = 8

type pieceCache struct {
	mu   sync.Mutex
	keys []pieceKey
	vals []piecesRead
}

var pieces pieceCache

func (c *pieceCache) get(k pieceKey) (piecesRead, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, key := range c.keys {
		if key == k {
			return c.vals[i], true
		}
	}
	return piecesRead{}, false
}

// put keeps a reading, dropping the oldest past pieceCacheSize.
func (c *pieceCache) put(k pieceKey, v piecesRead) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.keys = append(c.keys, k)
	c.vals = append(c.vals, v)
	if len(c.keys) > pieceCacheSize {
		c.keys, c.vals = c.keys[1:], c.vals[1:]
	}
}
