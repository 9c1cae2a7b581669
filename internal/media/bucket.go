package media

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"mime"
	"net/url"
	"path"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// BucketConfig names an S3-compatible bucket and how to reach it.
type BucketConfig struct {
	// Endpoint is the service's address, such as https://s3.ap-south-1.amazonaws.com
	// or http://127.0.0.1:9000; http:// only on a private network.
	Endpoint string
	Region   string
	Bucket   string
	// AccessKey and SecretKey sign the requests; without them the
	// credentials come from the machine (an AWS instance role).
	AccessKey, SecretKey string
}

// Bucket is a Storage in an S3-compatible bucket, which every instance of
// the shop shares. Files are kept under uploads/, so the bucket's keys are
// the pictures' URL paths.
type Bucket struct {
	client *minio.Client
	bucket string
}

// keyPrefix is where the files are kept in the bucket.
const keyPrefix = "uploads/"

// NewBucket connects to the bucket of c and checks that it is there.
func NewBucket(ctx context.Context, c BucketConfig) (*Bucket, error) {
	u, err := url.Parse(c.Endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
		return nil, fmt.Errorf("the S3 endpoint must be an address such as https://s3.ap-south-1.amazonaws.com, not %q", c.Endpoint)
	}
	creds := credentials.NewIAM("")
	if c.AccessKey != "" || c.SecretKey != "" {
		creds = credentials.NewStaticV4(c.AccessKey, c.SecretKey, "")
	}
	client, err := minio.New(u.Host, &minio.Options{Creds: creds, Secure: u.Scheme == "https", Region: c.Region})
	if err != nil {
		return nil, fmt.Errorf("connect to S3 at %s: %w", c.Endpoint, err)
	}
	ok, err := client.BucketExists(ctx, c.Bucket)
	if err != nil {
		return nil, fmt.Errorf("reach S3 bucket %s at %s: %w", c.Bucket, c.Endpoint, err)
	}
	if !ok {
		return nil, fmt.Errorf("there is no S3 bucket %s at %s: create it first", c.Bucket, c.Endpoint)
	}
	return &Bucket{client: client, bucket: c.Bucket}, nil
}

// Put implements Storage. Each object carries its type and the long
// caching of a name that never changes, for a CDN that reads the bucket.
func (b *Bucket) Put(ctx context.Context, name string, data []byte) error {
	_, err := b.client.PutObject(ctx, b.bucket, keyPrefix+name, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{
		ContentType: mime.TypeByExtension(path.Ext(name)), CacheControl: "public, max-age=31536000, immutable",
	})
	if err != nil {
		return fmt.Errorf("put %s in S3: %w", name, err)
	}
	return nil
}

// Ping implements Storage: the bucket answers and is there.
func (b *Bucket) Ping(ctx context.Context) error {
	ok, err := b.client.BucketExists(ctx, b.bucket)
	if err != nil {
		return fmt.Errorf("reach S3 bucket %s: %w", b.bucket, err)
	}
	if !ok {
		return fmt.Errorf("the S3 bucket %s is gone", b.bucket)
	}
	return nil
}

// Open implements Storage.
func (b *Bucket) Open(ctx context.Context, name string) (File, error) {
	obj, err := b.client.GetObject(ctx, b.bucket, keyPrefix+name, minio.GetObjectOptions{})
	if err != nil {
		return File{}, fmt.Errorf("get %s from S3: %w", name, err)
	}
	info, err := obj.Stat()
	if err != nil {
		obj.Close()
		if missing(err) {
			return File{}, ErrNotFound
		}
		return File{}, fmt.Errorf("get %s from S3: %w", name, err)
	}
	return File{ReadSeekCloser: &object{Object: obj, size: info.Size}, ModTime: info.LastModified}, nil
}

// Delete implements Storage. S3 deletes a missing object without a word,
// so it is looked up first.
func (b *Bucket) Delete(ctx context.Context, name string) error {
	if _, err := b.client.StatObject(ctx, b.bucket, keyPrefix+name, minio.StatObjectOptions{}); err != nil {
		if missing(err) {
			return ErrNotFound
		}
		return fmt.Errorf("find %s in S3: %w", name, err)
	}
	if err := b.client.RemoveObject(ctx, b.bucket, keyPrefix+name, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("delete %s from S3: %w", name, err)
	}
	return nil
}

func missing(err error) bool {
	code := minio.ToErrorResponse(err).Code
	return code == minio.NoSuchKey || code == "NotFound"
}

// object is an S3 object being served. http.ServeContent seeks to the end
// to learn its size and back before reading: answered from the size known,
// those seeks cost no request, where minio's would fetch the object again.
type object struct {
	*minio.Object
	size  int64
	atEnd bool
}

func (o *object) Seek(offset int64, whence int) (int64, error) {
	if offset == 0 && whence == io.SeekEnd {
		o.atEnd = true
		return o.size, nil
	}
	if o.atEnd && whence == io.SeekCurrent {
		offset, whence = o.size+offset, io.SeekStart
	}
	o.atEnd = false
	return o.Object.Seek(offset, whence)
}

func (o *object) Read(p []byte) (int, error) {
	if o.atEnd {
		return 0, io.EOF
	}
	return o.Object.Read(p)
}
