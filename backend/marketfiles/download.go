package marketfiles

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/listinglift/listinglift/backend/market"
)

// The refresh's downloads use a plain net/http client, not safehttp: every
// URL comes from the operator's catalog (Inside Airbnb's file host, or a
// local server in tests), never from a user, so there is no request
// forgery to guard against. Time limits and a size cap still keep a stuck
// or runaway download from holding the job.
const (
	// DefaultMaxFileBytes caps one downloaded file. Inside Airbnb's biggest
	// cities publish reviews files of a few hundred MB gzipped.
	DefaultMaxFileBytes = 2 << 30
	// downloadTimeout bounds one file's download, body included.
	downloadTimeout = 30 * time.Minute
	// indexMaxBytes caps the index page.
	indexMaxBytes = 16 << 20
)

// newHTTPClient is the refresh's client: connection and header time
// limits (a stalled server fails fast), the body bounded per request.
func newHTTPClient() *http.Client {
	return &http.Client{
		Transport: &http.Transport{
			Proxy:                 http.ProxyFromEnvironment,
			DialContext:           (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
			TLSHandshakeTimeout:   30 * time.Second,
			ResponseHeaderTimeout: time.Minute,
			MaxIdleConnsPerHost:   4,
		},
	}
}

// errMissing is a file the server answers 404 for.
var errMissing = errors.New("not published (404)")

// get opens url's body; errMissing for a 404.
func get(ctx context.Context, client *http.Client, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", "ListingLift market refresh (+https://listinglift.app)")
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		resp.Body.Close()
		return nil, errMissing
	case resp.StatusCode != http.StatusOK:
		resp.Body.Close()
		return nil, fmt.Errorf("HTTP %s", resp.Status)
	}
	return resp, nil
}

// readIndex fetches the index page, at most indexMaxBytes of it.
func readIndex(ctx context.Context, client *http.Client, url string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	resp, err := get(ctx, client, url)
	if err != nil {
		return "", fmt.Errorf("index %s: %w", url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, indexMaxBytes))
	if err != nil {
		return "", fmt.Errorf("index %s: %w", url, err)
	}
	return string(b), nil
}

// downloadSnapshot fetches a snapshot's files into dir, each under the
// name Import looks for. A missing optional file (calendar, reviews) is
// left out, as Inside Airbnb leaves it out for some cities.
func downloadSnapshot(ctx context.Context, client *http.Client, files []market.SnapshotFile, dir string, maxBytes int64) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	for _, f := range files {
		err := downloadFile(ctx, client, f.URL, filepath.Join(dir, f.Name), maxBytes)
		switch {
		case errors.Is(err, errMissing) && !f.Required:
			continue
		case err != nil:
			return fmt.Errorf("download %s: %w", f.URL, err)
		}
	}
	return nil
}

// downloadFile writes url's body to path, refusing more than maxBytes.
func downloadFile(ctx context.Context, client *http.Client, url, path string, maxBytes int64) (err error) {
	ctx, cancel := context.WithTimeout(ctx, downloadTimeout)
	defer cancel()
	resp, err := get(ctx, client, url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.ContentLength > maxBytes {
		return fmt.Errorf("%d bytes is over the %d-byte limit", resp.ContentLength, maxBytes)
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			_ = os.Remove(path)
		}
	}()
	n, err := io.Copy(out, io.LimitReader(resp.Body, maxBytes+1))
	if err != nil {
		return err
	}
	if n > maxBytes {
		return fmt.Errorf("more than the %d-byte limit", maxBytes)
	}
	return nil
}
