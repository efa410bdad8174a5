package gcs_test

// Tests against fake-gcs-server v1.56.1, which `make test` starts
// (scripts/lib.sh start_fake_gcs) with -public-host equal to
// STORAGE_EMULATOR_HOST, so the client library's XML reads reach it. What it
// does that matters here, read from its source and checked below:
//
//   - It keeps the content type sent with an upload and returns it on the
//     read, and checks the CRC32C sent with it (a wrong one is a 400).
//   - It records an object's ACL as Cloud Storage would: projectOwner only,
//     or allUsers READER too when the upload asks for predefinedAcl
//     publicRead (which ours never does).
//   - Without -public-host it answers the XML read of an object that exists
//     with 404 (it takes the Host header for a bucket name), which would look
//     like a missing object: newBucket checks for that and says so.
//   - It starts with no buckets; each test makes its own.

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"testing"

	"cloud.google.com/go/storage"
	"google.golang.org/api/iterator"

	"github.com/listinglift/listinglift/backend/blob"
	"github.com/listinglift/listinglift/backend/blob/blobtest"
	"github.com/listinglift/listinglift/backend/blob/gcs"
	"github.com/listinglift/listinglift/backend/domain"
)

// emulatorClient returns a client for the fake-gcs-server the test script
// started, or skips the test with the reason when there is none (a plain
// `go test` outside make test).
func emulatorClient(t *testing.T) *storage.Client {
	t.Helper()
	if os.Getenv("STORAGE_EMULATOR_HOST") == "" {
		t.Skip("STORAGE_EMULATOR_HOST is not set: run through `make test`, which starts fake-gcs-server " +
			"(or: source scripts/lib.sh && start_fake_gcs LOG)")
	}
	c, err := storage.NewClient(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// newBucket creates a bucket of its own for a test.
func newBucket(t *testing.T, c *storage.Client) string {
	t.Helper()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "listinglift-test-" + hex.EncodeToString(b)
	ctx := context.Background()
	if err := c.Bucket(name).Create(ctx, "demo-listinglift", nil); err != nil {
		t.Fatalf("create bucket %s: %v", name, err)
	}
	// Preflight: an object written can be read back through the XML API.
	w := c.Bucket(name).Object("preflight").NewWriter(ctx)
	_, _ = w.Write([]byte("ok"))
	if err := w.Close(); err != nil {
		t.Fatalf("preflight write: %v", err)
	}
	r, err := c.Bucket(name).Object("preflight").NewReader(ctx)
	if err != nil {
		t.Fatalf("fake-gcs-server at %s does not serve the object just written (%v): start it with "+
			"-public-host %[1]s, as scripts/lib.sh start_fake_gcs does", os.Getenv("STORAGE_EMULATOR_HOST"), err)
	}
	_ = r.Close()
	if err := c.Bucket(name).Object("preflight").Delete(ctx); err != nil {
		t.Fatal(err)
	}
	return name
}

func TestEmulatorContract(t *testing.T) {
	c := emulatorClient(t)
	blobtest.Run(t, func(t *testing.T) blob.Store { return gcs.NewWithClient(c, newBucket(t, c)) })
}

// New makes its own client (following STORAGE_EMULATOR_HOST, as in
// production it follows the metadata server) and the object it writes has
// the content type, the CRC32C of the bytes and no public access.
func TestEmulatorNewAndObjectAttrs(t *testing.T) {
	c := emulatorClient(t)
	bucket := newBucket(t, c)
	ctx := context.Background()
	s, err := gcs.New(ctx, bucket)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })

	key := blob.ReportKey("opt_attrs")
	data := []byte("%PDF-1.7 attrs")
	if err := s.Put(ctx, key, data, "application/pdf"); err != nil {
		t.Fatal(err)
	}
	attrs, err := c.Bucket(bucket).Object(key).Attrs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if attrs.ContentType != "application/pdf" || attrs.Size != int64(len(data)) || attrs.CRC32C == 0 {
		t.Errorf("attrs: type %q size %d crc32c %d", attrs.ContentType, attrs.Size, attrs.CRC32C)
	}
	if len(attrs.ACL) == 0 {
		t.Error("the emulator reports no ACL, so the check below would prove nothing")
	}
	for _, rule := range attrs.ACL {
		if rule.Entity == storage.AllUsers || rule.Entity == storage.AllAuthenticatedUsers {
			t.Errorf("object is readable by %s", rule.Entity)
		}
	}

	it := c.Bucket(bucket).Objects(ctx, nil)
	var names []string
	for {
		o, err := it.Next()
		if errors.Is(err, iterator.Done) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, o.Name)
	}
	if len(names) != 1 || names[0] != key {
		t.Errorf("bucket holds %q, want only %s", names, key)
	}
}

// A bucket that does not exist: Put fails, Get says not found or fails, and
// nothing is created.
func TestEmulatorMissingBucket(t *testing.T) {
	c := emulatorClient(t)
	s := gcs.NewWithClient(c, "listinglift-no-such-bucket")
	ctx := context.Background()
	if err := s.Put(ctx, "reports/x.pdf", []byte("x"), "application/pdf"); err == nil {
		t.Error("Put into a missing bucket succeeded")
	}
	if _, _, err := s.Get(ctx, "reports/x.pdf"); err == nil {
		t.Error("Get from a missing bucket succeeded")
	} else if domain.ErrorCode(err) == domain.CodeInvalid {
		t.Errorf("Get from a missing bucket: %v", err)
	}
}
