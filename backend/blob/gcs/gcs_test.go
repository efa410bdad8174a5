package gcs_test

import (
	"context"
	"testing"

	"github.com/listinglift/listinglift/backend/blob/gcs"
)

func TestNewRefusesBadBucketNames(t *testing.T) {
	for _, name := range []string{"", "ab", "Reports", "gs://bucket", "bucket/reports", "-bucket", "bucket-", "b_u.c k"} {
		if s, err := gcs.New(context.Background(), name); err == nil {
			_ = s.Close()
			t.Errorf("New(%q) succeeded", name)
		}
	}
}
