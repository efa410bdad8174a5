// Package marketfiles keeps many markets' snapshot files fresh and serves
// them to reports.
//
// Refresh (`listinglift market refresh`, a monthly Cloud Run Job in
// production) finds each catalogued market's newest Inside Airbnb
// snapshot, builds one SQLite file for it (market.Open, market.Import) and
// uploads it to the blob store with a small manifest:
//
//	markets/<slug>/<snapshot>.sqlite   the market database
//	markets/<slug>/current.json        {snapshot, key, sha256, size, imported_at, …}
//
// The manifest is written last, so a reader never sees it name a file that
// is not there yet. A market whose manifest already names the newest
// snapshot is left alone.
//
// Markets (the server's side) routes each report's questions to the market
// covering the listing: it reads the manifest, downloads the file once
// (concurrent first uses share one download), keeps it on local disk under
// a size cap with least-recently-used eviction of files not in use, and
// opens it read-only.
package marketfiles

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/domain"
	"github.com/listinglift/listinglift/backend/market"
)

// Manifest says which file is a market's current snapshot.
type Manifest struct {
	Slug     string `json:"slug"`
	Market   string `json:"market"` // the market's name in the data
	Snapshot string `json:"snapshot"`
	Key      string `json:"key"`    // blob key of the SQLite file
	SHA256   string `json:"sha256"` // hex, of the file's bytes
	Size     int64  `json:"size"`
	// ImportedAt is when the refresh built the file.
	ImportedAt time.Time     `json:"imported_at"`
	Bounds     market.Bounds `json:"bounds"` // of the snapshot's listings
	Listings   int           `json:"listings"`
}

// ManifestKey is the blob key of a market's manifest.
func ManifestKey(slug string) string { return "markets/" + slug + "/current.json" }

// SnapshotKey is the blob key of a market's database for one snapshot.
func SnapshotKey(slug, snapshot string) string { return "markets/" + slug + "/" + snapshot + ".sqlite" }

// Content types the objects are stored with.
const (
	sqliteType = "application/vnd.sqlite3"
	jsonType   = "application/json"
)

// readManifest returns a market's manifest; an error wrapping
// domain.ErrNotFound when the market was never refreshed.
func readManifest(ctx context.Context, blobs blob.Store, slug string) (*Manifest, error) {
	data, _, err := blobs.Get(ctx, ManifestKey(slug))
	if err != nil {
		return nil, fmt.Errorf("manifest of %s: %w", slug, err)
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("manifest of %s: %w", slug, err)
	}
	// The key comes from our own bucket, but a hand-edited manifest must
	// still not send the server to another market's file or outside
	// markets/ (blob.CheckKey refuses "..").
	if m.Slug != slug || m.Key != SnapshotKey(slug, m.Snapshot) || len(m.SHA256) != 64 || m.Size <= 0 {
		return nil, fmt.Errorf("manifest of %s: names %q (%s, %d bytes, sha256 %q): not this market's snapshot file", slug, m.Key, m.Snapshot, m.Size, m.SHA256)
	}
	return &m, nil
}

// writeManifest stores m as its market's current manifest.
func writeManifest(ctx context.Context, blobs blob.Store, m *Manifest) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	if err := blobs.Put(ctx, ManifestKey(m.Slug), append(data, '\n'), jsonType); err != nil {
		return fmt.Errorf("manifest of %s: %w", m.Slug, err)
	}
	return nil
}

func isNotFound(err error) bool { return errors.Is(err, domain.ErrNotFound) }
