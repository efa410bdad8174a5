package marketfiles

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/market"
)

// Options configures Markets.
type Options struct {
	Catalog *market.Catalog
	Blobs   blob.Store
	// Dir is the local cache folder (created 0700).
	Dir string
	// MaxBytes caps the files kept in Dir. Files not in use are evicted,
	// least recently used first, to make room; a file larger than the cap
	// on its own is refused.
	MaxBytes int64
	// ManifestTTL is how long a manifest read is trusted before it is
	// read again, so a refreshed snapshot is picked up (0: DefaultManifestTTL).
	ManifestTTL time.Duration
	// DownloadTimeout bounds one file's download (0: DefaultDownloadTimeout).
	DownloadTimeout time.Duration
	Logger          *slog.Logger
	Now             func() time.Time // nil: time.Now
}

// Defaults for Options.
const (
	DefaultManifestTTL     = time.Hour
	DefaultDownloadTimeout = 10 * time.Minute
)

// file is one market database in the cache.
type file struct {
	name     string // in Dir: <slug>-<snapshot>-<sha256[:16]>.sqlite
	slug     string
	manifest *Manifest // nil for a file found in Dir at start and not yet claimed
	size     int64
	db       *market.DB // nil until opened
	refs     int        // calls using db now; never evicted while > 0
	used     uint64     // the cache's clock at the last use (least recently used goes first)
}

// load is one download in flight, shared by every caller that wants it.
type load struct {
	done chan struct{}
	err  error
}

// manifestEntry is a manifest read and when.
type manifestEntry struct {
	m    *Manifest
	err  error // a missing manifest is remembered too, for the same time
	read time.Time
}

// cache keeps the market files on local disk.
type cache struct {
	opts Options
	log  *slog.Logger

	mu        sync.Mutex
	files     map[string]*file // by name
	loading   map[string]*load // by name
	manifests map[string]manifestEntry
	total     int64  // bytes of every file in files
	clock     uint64 // counts uses: an order, not a time, so eviction is deterministic
	closed    bool

	onWait func() // tests: a caller joined a download in flight
}

var cacheName = regexp.MustCompile(`^([a-z0-9-]+)-(\d{4}-\d{2}-\d{2})-([0-9a-f]{16})\.sqlite$`)

// fileName is where a manifest's file is kept in Dir.
func fileName(m *Manifest) string { return m.Slug + "-" + m.Snapshot + "-" + m.SHA256[:16] + ".sqlite" }

func newCache(opts Options) (*cache, error) {
	if opts.Dir == "" {
		return nil, errors.New("no cache folder")
	}
	if opts.MaxBytes <= 0 {
		return nil, errors.New("no cache size")
	}
	if opts.ManifestTTL <= 0 {
		opts.ManifestTTL = DefaultManifestTTL
	}
	if opts.DownloadTimeout <= 0 {
		opts.DownloadTimeout = DefaultDownloadTimeout
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if err := os.MkdirAll(opts.Dir, 0o700); err != nil {
		return nil, err
	}
	c := &cache{opts: opts, log: log, files: map[string]*file{}, loading: map[string]*load{}, manifests: map[string]manifestEntry{}}
	if err := c.adopt(); err != nil {
		return nil, err
	}
	return c, nil
}

// adopt takes in the files a previous run left in Dir, so a restart does
// not download them again: they count towards the cap, are verified
// against the manifest when first claimed, and are evicted first. Partial
// downloads are removed.
func (c *cache) adopt() error {
	entries, err := os.ReadDir(c.opts.Dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && strings.HasSuffix(e.Name(), ".part") {
			_ = os.Remove(filepath.Join(c.opts.Dir, e.Name()))
			continue
		}
		m := cacheName.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		c.files[e.Name()] = &file{name: e.Name(), slug: m[1], size: info.Size()}
		c.total += info.Size()
	}
	return nil
}

// manifest returns slug's manifest, read again once older than the TTL.
func (c *cache) manifest(ctx context.Context, slug string) (*Manifest, error) {
	now := c.opts.Now()
	c.mu.Lock()
	me, ok := c.manifests[slug]
	c.mu.Unlock()
	if ok && now.Sub(me.read) < c.opts.ManifestTTL {
		return me.m, me.err
	}
	m, err := readManifest(ctx, c.opts.Blobs, slug)
	if err != nil && !isNotFound(err) {
		return nil, err // not remembered: the next report tries again
	}
	c.mu.Lock()
	c.manifests[slug] = manifestEntry{m: m, err: err, read: now}
	c.mu.Unlock()
	return m, err
}

// acquire returns the open database of slug's current snapshot, marked in
// use until release. The first caller downloads it; concurrent callers
// wait for that download instead of starting their own.
func (c *cache) acquire(ctx context.Context, slug string) (*file, error) {
	m, err := c.manifest(ctx, slug)
	if err != nil {
		return nil, err
	}
	name := fileName(m)
	for {
		c.mu.Lock()
		if c.closed {
			c.mu.Unlock()
			return nil, errors.New("market files are closed")
		}
		if f := c.files[name]; f != nil && f.db != nil {
			c.use(f)
			c.mu.Unlock()
			return f, nil
		}
		if l := c.loading[name]; l != nil {
			c.mu.Unlock()
			if c.onWait != nil {
				c.onWait()
			}
			select {
			case <-l.done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if l.err != nil {
				return nil, l.err
			}
			continue // opened: take it as above (or load again if evicted meanwhile)
		}
		l := &load{done: make(chan struct{})}
		c.loading[name] = l
		c.mu.Unlock()

		// Detached from the caller: others may be waiting on this
		// download, and one report's cancellation must not fail theirs.
		lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.opts.DownloadTimeout)
		f, err := c.open(lctx, m, name)
		cancel()

		c.mu.Lock()
		delete(c.loading, name)
		l.err = err
		if err == nil {
			c.use(f)
			c.dropStale(slug)
		}
		c.mu.Unlock()
		close(l.done)
		return f, err
	}
}

// use marks f in use (c.mu held).
func (c *cache) use(f *file) {
	c.clock++
	f.refs++
	f.used = c.clock
}

// release ends a use of f. A file whose market has moved to a newer
// snapshot is dropped once idle: nothing asks for it again.
func (c *cache) release(f *file) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f.refs--
	if f.refs == 0 && c.stale(f) && c.files[f.name] == f {
		c.drop(f)
	}
}

// stale reports whether f is no longer its market's current snapshot
// (c.mu held).
func (c *cache) stale(f *file) bool {
	me, ok := c.manifests[f.slug]
	return ok && me.m != nil && fileName(me.m) != f.name
}

// dropStale drops the idle files of slug's older snapshots (c.mu held).
func (c *cache) dropStale(slug string) {
	for _, f := range c.files {
		if f.slug == slug && f.refs == 0 && c.loading[f.name] == nil && c.stale(f) {
			c.drop(f)
		}
	}
}

// open makes name (m's file) ready: the copy already on disk when it is
// intact, else downloaded and checked; then opened read-only.
func (c *cache) open(ctx context.Context, m *Manifest, name string) (*file, error) {
	path := filepath.Join(c.opts.Dir, name)
	c.mu.Lock()
	f := c.files[name]
	c.mu.Unlock()
	if f != nil && (f.size != m.Size || !sameHash(path, m.SHA256)) {
		c.log.Warn("market file in the cache does not match its manifest; downloading it again", "file", name)
		c.remove(f)
		f = nil
	}
	if f == nil {
		if m.Size > c.opts.MaxBytes {
			return nil, fmt.Errorf("market %s: its file is %d MB, larger than the whole cache (MARKET_CACHE_MB=%d)", m.Slug, m.Size>>20, c.opts.MaxBytes>>20)
		}
		if err := c.download(ctx, m, path); err != nil {
			return nil, fmt.Errorf("market %s: %w", m.Slug, err)
		}
		f = &file{name: name, slug: m.Slug, size: m.Size}
		c.mu.Lock()
		c.files[name] = f
		c.total += f.size
		c.evict()
		c.mu.Unlock()
	}
	db, err := market.OpenReadOnly(ctx, path)
	if err != nil {
		c.remove(f)
		return nil, fmt.Errorf("market %s: %w", m.Slug, err)
	}
	c.mu.Lock()
	f.db, f.manifest = db, m
	c.mu.Unlock()
	c.log.Info("market file ready", "market", m.Slug, "snapshot", m.Snapshot, "bytes", m.Size)
	return f, nil
}

// download fetches m's file to path, checking its size and hash before it
// takes the file's name (a partial or wrong file never does).
func (c *cache) download(ctx context.Context, m *Manifest, path string) error {
	data, _, err := c.opts.Blobs.Get(ctx, m.Key)
	if err != nil {
		return fmt.Errorf("download: %w", err)
	}
	sum := sha256.Sum256(data)
	if int64(len(data)) != m.Size || hex.EncodeToString(sum[:]) != m.SHA256 {
		return fmt.Errorf("download %s: %d bytes with sha256 %x, but the manifest says %d bytes with %s", m.Key, len(data), sum, m.Size, m.SHA256)
	}
	tmp, err := os.CreateTemp(c.opts.Dir, ".download-*.part")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("cache %s: %w", m.Key, err)
	}
	return nil
}

// evict removes files not in use, least recently used first, until the
// cache fits its cap (c.mu held). Files in use stay: the cache may exceed
// its cap until they are released.
func (c *cache) evict() {
	for c.total > c.opts.MaxBytes {
		var victim *file
		for _, f := range c.files {
			if f.refs > 0 || c.loading[f.name] != nil {
				continue
			}
			if victim == nil || f.used < victim.used {
				victim = f
			}
		}
		if victim == nil {
			c.log.Warn("market cache over its cap: every file is in use", "bytes", c.total, "cap", c.opts.MaxBytes)
			return
		}
		c.drop(victim)
	}
}

// remove drops f (taking c.mu).
func (c *cache) remove(f *file) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.files[f.name] == f {
		c.drop(f)
	}
}

// drop closes and deletes f (c.mu held).
func (c *cache) drop(f *file) {
	if f.db != nil {
		_ = f.db.Close()
		f.db = nil
	}
	_ = os.Remove(filepath.Join(c.opts.Dir, f.name))
	delete(c.files, f.name)
	c.total -= f.size
	c.log.Info("market file evicted", "file", f.name)
}

// opened returns the open files that are their market's current snapshot,
// each marked in use (release them), newest snapshot first.
func (c *cache) opened() []*file {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*file
	for _, f := range c.files {
		if f.db == nil || f.manifest == nil {
			continue
		}
		if c.stale(f) {
			continue // a snapshot since replaced
		}
		c.use(f)
		out = append(out, f)
	}
	// Newest snapshot first, then by name: a stable order.
	slices.SortFunc(out, func(a, b *file) int {
		return cmp.Or(cmp.Compare(b.manifest.Snapshot, a.manifest.Snapshot), cmp.Compare(a.name, b.name))
	})
	return out
}

func (c *cache) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	var errs []error
	for _, f := range c.files {
		if f.db != nil {
			errs = append(errs, f.db.Close())
			f.db = nil
		}
	}
	return errors.Join(errs...)
}

// sameHash reports whether the file at path has the sha256 want.
func sameHash(path, want string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return false
	}
	return hex.EncodeToString(h.Sum(nil)) == want
}
