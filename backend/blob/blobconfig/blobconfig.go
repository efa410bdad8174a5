// Package blobconfig opens the blob store the configuration names (BLOB:
// a local folder or a Cloud Storage bucket). The server and the command
// line tool (`listinglift market refresh`) both open it here, so the two
// always agree on where objects are.
package blobconfig

import (
	"context"
	"fmt"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/blob/gcs"
	"github.com/listinglift/listinglift/backend/blob/local"
	"github.com/listinglift/listinglift/backend/config"
)

// Open opens cfg's blob store and returns it with what closes it.
func Open(ctx context.Context, cfg config.Config) (blob.Store, func() error, error) {
	if cfg.Blob == config.BlobGCS {
		// With STORAGE_EMULATOR_HOST set (development only) the client
		// library itself talks to fake-gcs-server.
		s, err := gcs.New(ctx, cfg.GCSBucket)
		if err != nil {
			return nil, nil, fmt.Errorf("GCS_BUCKET=%s: %w", cfg.GCSBucket, err)
		}
		return s, s.Close, nil
	}
	s, err := local.New(cfg.BlobDir)
	if err != nil {
		return nil, nil, fmt.Errorf("BLOB_DIR=%s: %w", cfg.BlobDir, err)
	}
	return s, func() error { return nil }, nil
}
