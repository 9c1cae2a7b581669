package main

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/haat-shop/haat/internal/media"
)

// picturesFromEnv is where the shop's pictures are kept: the S3-compatible
// bucket HAAT_S3_BUCKET when it is set, which many instances share, or
// else the folder uploads/ of the data directory. It names it for the log.
func picturesFromEnv(ctx context.Context, dataDir string) (media.Storage, string, error) {
	bucket := env("HAAT_S3_BUCKET", "")
	if bucket == "" {
		dir := filepath.Join(dataDir, "uploads")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, "", fmt.Errorf("create uploads directory: %w", err)
		}
		return media.Dir(dir), "folder", nil
	}
	b, err := media.NewBucket(ctx, media.BucketConfig{
		Endpoint: env("HAAT_S3_ENDPOINT", "https://s3.amazonaws.com"), Region: env("HAAT_S3_REGION", ""), Bucket: bucket,
		AccessKey: env("HAAT_S3_ACCESS_KEY", ""), SecretKey: env("HAAT_S3_SECRET_KEY", ""),
	})
	if err != nil {
		return nil, "", fmt.Errorf("HAAT_S3_BUCKET: %w", err)
	}
	return b, "s3", nil
}

// mediaURLFromEnv reads HAAT_MEDIA_URL: the address of a CDN that serves
// the shop's /uploads/, such as https://media.example.in, or empty.
func mediaURLFromEnv() (string, error) {
	raw := env("HAAT_MEDIA_URL", "")
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" ||
		strings.Trim(u.Path, "/") != "" {
		return "", fmt.Errorf("HAAT_MEDIA_URL must be an address such as https://media.example.in, where /uploads/ is served, not %q", raw)
	}
	return strings.TrimSuffix(raw, "/"), nil
}
