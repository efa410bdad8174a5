package marketfiles

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/market"
)

// Refresher builds and uploads the catalogued markets' newest snapshots.
type Refresher struct {
	Catalog *market.Catalog
	Blobs   blob.Store
	// WorkDir holds the downloads and the file being built; each market's
	// part is removed once uploaded. "" uses a temporary folder.
	WorkDir string
	// Client fetches the index and the files; nil uses one with time
	// limits (see download.go).
	Client *http.Client
	// MaxFileBytes caps each downloaded file (0: DefaultMaxFileBytes).
	MaxFileBytes int64
	// Out gets one line per market (and a warning line where due).
	Out io.Writer
	// Now stamps the manifests (nil: time.Now).
	Now func() time.Time
}

// Outcomes of a market's refresh.
const (
	StatusRefreshed = "refreshed"
	StatusUpToDate  = "up to date"
	StatusFailed    = "failed"
)

// Result is what a refresh did for one market.
type Result struct {
	Slug     string
	Status   string
	Snapshot string
	Manifest *Manifest // the market's manifest after the refresh; nil when failed before one existed
	Err      error
}

// Refresh refreshes the markets named (every catalogued one when none),
// one after another, printing a line for each. A market that fails does
// not stop the others; the error joins every failure.
func (r *Refresher) Refresh(ctx context.Context, slugs ...string) ([]Result, error) {
	entries, err := r.entries(slugs)
	if err != nil {
		return nil, err
	}
	client := r.Client
	if client == nil {
		client = newHTTPClient()
	}
	work := r.WorkDir
	if work == "" {
		if work, err = os.MkdirTemp("", "listinglift-market-refresh-*"); err != nil {
			return nil, fmt.Errorf("market refresh: %w", err)
		}
		defer os.RemoveAll(work)
	}
	// One index read serves every market; without it the catalog's own
	// dates still do.
	var index string
	if r.Catalog.IndexURL != "" {
		if index, err = readIndex(ctx, client, r.Catalog.IndexURL); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			r.printf("warning: %v; using the catalog's snapshot dates only\n", err)
		}
	}
	var results []Result
	var errs []error
	for _, e := range entries {
		res := r.refreshOne(ctx, client, e, index, filepath.Join(work, e.Slug))
		results = append(results, res)
		if res.Err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", e.Slug, res.Err))
			r.printf("%s: failed: %v\n", e.Slug, res.Err)
		}
		if ctx.Err() != nil {
			break
		}
	}
	return results, errors.Join(errs...)
}

func (r *Refresher) entries(slugs []string) ([]market.CatalogEntry, error) {
	if len(slugs) == 0 {
		return r.Catalog.Markets, nil
	}
	var out []market.CatalogEntry
	for _, s := range slugs {
		e, ok := r.Catalog.Entry(s)
		if !ok {
			return nil, fmt.Errorf("market refresh: %q is not in the catalog", s)
		}
		out = append(out, e)
	}
	return out, nil
}

func (r *Refresher) refreshOne(ctx context.Context, client *http.Client, e market.CatalogEntry, index, work string) Result {
	res := Result{Slug: e.Slug, Status: StatusFailed}
	dates := slices.Concat(e.Snapshots, e.IndexedSnapshots(index))
	if len(dates) == 0 {
		res.Err = errors.New("no snapshot known: the catalog lists none and the index links none")
		return res
	}
	res.Snapshot = slices.Max(dates)

	current, err := readManifest(ctx, r.Blobs, e.Slug)
	if err != nil && !isNotFound(err) {
		res.Err = err
		return res
	}
	if current != nil && current.Snapshot >= res.Snapshot {
		res.Status, res.Manifest, res.Snapshot = StatusUpToDate, current, current.Snapshot
		r.printf("%s: up to date (snapshot %s, %s); nothing to do\n", e.Slug, current.Snapshot, current.Key)
		return res
	}

	defer os.RemoveAll(work)
	m, stats, err := r.build(ctx, client, e, res.Snapshot, work)
	if err != nil {
		res.Err = err
		return res
	}
	res.Status, res.Manifest = StatusRefreshed, m
	was := "new"
	if current != nil {
		was = "was " + current.Snapshot
	}
	r.printf("%s: refreshed to %s (%s): %d listings, %d calendar days, %d reviews, %.1f MB at %s\n",
		e.Slug, m.Snapshot, was, stats.Listings, stats.CalendarDays, stats.Reviews, float64(m.Size)/(1<<20), m.Key)
	if !e.Covers(m.Bounds) {
		r.printf("%s: warning: the snapshot's listings (%+v) reach beyond the catalog's box (%+v): listings there are not routed to it; widen the box\n",
			e.Slug, m.Bounds, e.Bounds)
	}
	return res
}

// build downloads, imports and uploads one snapshot, then points the
// manifest at it.
func (r *Refresher) build(ctx context.Context, client *http.Client, e market.CatalogEntry, snapshot, work string) (*Manifest, market.ImportStats, error) {
	var stats market.ImportStats
	src := filepath.Join(work, snapshot)
	maxBytes := r.MaxFileBytes
	if maxBytes <= 0 {
		maxBytes = DefaultMaxFileBytes
	}
	if err := downloadSnapshot(ctx, client, e.Files(r.Catalog.DataURL, snapshot), src, maxBytes); err != nil {
		return nil, stats, err
	}
	path := filepath.Join(work, snapshot+".sqlite")
	_ = os.Remove(path) // a file left by an interrupted run would be imported into
	stats, bounds, err := importFile(ctx, path, src, e.Name, snapshot)
	if err != nil {
		return nil, stats, err
	}
	// blob.Store takes the object's bytes whole; a market file is tens to a
	// few hundred MB, which the job's memory is sized for (docs/DEPLOY.md).
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, stats, err
	}
	sum := sha256.Sum256(data)
	m := &Manifest{
		Slug: e.Slug, Market: e.Name, Snapshot: snapshot, Key: SnapshotKey(e.Slug, snapshot),
		SHA256: hex.EncodeToString(sum[:]), Size: int64(len(data)), ImportedAt: r.now().UTC(),
		Bounds: bounds, Listings: stats.Listings,
	}
	if err := r.Blobs.Put(ctx, m.Key, data, sqliteType); err != nil {
		return nil, stats, fmt.Errorf("upload: %w", err)
	}
	// Last: until now readers keep the previous snapshot.
	if err := writeManifest(ctx, r.Blobs, m); err != nil {
		return nil, stats, err
	}
	return m, stats, nil
}

// importFile builds a market database at path from the snapshot in src and
// closes it, so the file is complete on its own (no write-ahead log beside
// it) and can be opened read-only anywhere.
func importFile(ctx context.Context, path, src, name, snapshot string) (market.ImportStats, market.Bounds, error) {
	db, err := market.Open(ctx, path)
	if err != nil {
		return market.ImportStats{}, market.Bounds{}, err
	}
	stats, err := market.Import(ctx, db, src, market.WithName(name), market.WithSnapshot(snapshot))
	if err != nil {
		db.Close()
		return stats, market.Bounds{}, err
	}
	ms, err := db.Markets(ctx)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return stats, market.Bounds{}, err
	}
	if len(ms) != 1 {
		return stats, market.Bounds{}, fmt.Errorf("%s holds %d markets, want 1", path, len(ms))
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		return stats, market.Bounds{}, fmt.Errorf("%s: the write-ahead log was not folded in on close", path)
	}
	return stats, ms[0].Bounds, nil
}

func (r *Refresher) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

func (r *Refresher) printf(format string, args ...any) {
	if r.Out != nil {
		fmt.Fprintf(r.Out, format, args...)
	}
}
