package photos

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// BucketKeys are the credentials for an S3-compatible bucket, read from the standard AWS
// variables AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN (optional).
// They are never logged.
type BucketKeys struct {
	AccessKeyID, SecretAccessKey, SessionToken string
}

// BucketURL is a parsed photo bucket address (see ParseBucketURL).
type BucketURL struct {
	// Bucket is the bucket's name.
	Bucket string
	// Prefix starts every key; empty or ending in "/".
	Prefix string
	// Endpoint is the S3 server's base URL; empty means AWS itself.
	Endpoint string
	// Region signs the requests (default us-east-1, or AWS_REGION as the caller passes it).
	Region string
	// PathStyle addresses the bucket in the path (http://host/bucket/key) rather than in
	// the host name; the default with an Endpoint, since a local server has no DNS names
	// for its buckets.
	PathStyle bool
}

// ParseBucketURL parses s3://bucket/prefix?endpoint=URL&region=R&path_style=true|false;
// every query parameter is optional and no other is accepted. defaultRegion applies when
// region is not given (empty: us-east-1).
func ParseBucketURL(raw, defaultRegion string) (BucketURL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "s3" || u.Host == "" || u.User != nil || u.Fragment != "" {
		// The address itself is not quoted: it could hold credentials put there by mistake.
		return BucketURL{}, errors.New("photo bucket: want s3://bucket/prefix?endpoint=URL&region=REGION (credentials come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)")
	}
	b := BucketURL{Bucket: u.Host, Prefix: strings.Trim(u.Path, "/"), Region: defaultRegion}
	if b.Prefix != "" {
		b.Prefix += "/"
	}
	q := u.Query()
	for name := range q {
		if name != "endpoint" && name != "region" && name != "path_style" {
			return BucketURL{}, fmt.Errorf("photo bucket: unknown parameter %q (endpoint, region, path_style)", name)
		}
	}
	if v := q.Get("endpoint"); v != "" {
		e, err := url.Parse(v)
		if err != nil || (e.Scheme != "http" && e.Scheme != "https") || e.Host == "" {
			return BucketURL{}, fmt.Errorf("photo bucket: endpoint %q is not an http or https URL", v)
		}
		b.Endpoint, b.PathStyle = v, true
	}
	if v := q.Get("region"); v != "" {
		b.Region = v
	}
	if b.Region == "" {
		b.Region = "us-east-1"
	}
	if v := q.Get("path_style"); v != "" {
		if b.PathStyle, err = strconv.ParseBool(v); err != nil {
			return BucketURL{}, fmt.Errorf("photo bucket: path_style %q is not true or false", v)
		}
	}
	return b, nil
}

// bucketStore keeps photo files as objects in an S3-compatible bucket, through the AWS SDK.
// Uploads are staged in a local directory and then sent with one PUT each, which S3 makes
// visible only once whole. Several servers may share the bucket and the staging directory.
type bucketStore struct {
	client  *s3.Client
	loc     BucketURL
	staging string
}

// openBucketStore checks that the bucket can be reached with keys, and creates staging
// when it is missing.
func openBucketStore(ctx context.Context, loc BucketURL, keys BucketKeys, staging string) (*bucketStore, error) {
	if keys.AccessKeyID == "" || keys.SecretAccessKey == "" {
		return nil, errors.New("photo bucket: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set")
	}
	if err := os.MkdirAll(staging, 0o750); err != nil {
		return nil, fmt.Errorf("photo staging directory: %w", err)
	}
	creds := aws.Credentials{AccessKeyID: keys.AccessKeyID, SecretAccessKey: keys.SecretAccessKey, SessionToken: keys.SessionToken, Source: "chessclub"}
	opts := s3.Options{
		Region:       loc.Region,
		Credentials:  aws.CredentialsProviderFunc(func(context.Context) (aws.Credentials, error) { return creds, nil }),
		UsePathStyle: loc.PathStyle,
		// Checksums only where S3 requires them: many S3-compatible servers refuse the
		// trailing checksums the SDK would add by default. SigV4 signs each body's SHA-256.
		RequestChecksumCalculation: aws.RequestChecksumCalculationWhenRequired,
		ResponseChecksumValidation: aws.ResponseChecksumValidationWhenRequired,
	}
	if loc.Endpoint != "" {
		opts.BaseEndpoint = aws.String(loc.Endpoint)
	}
	s := &bucketStore{client: s3.New(opts), loc: loc, staging: staging}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if _, err := s.client.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String(loc.Bucket)}); err != nil {
		return nil, fmt.Errorf("photo bucket %s: %w", loc.Bucket, err)
	}
	return s, nil
}

func (s *bucketStore) stagingDir() string { return s.staging }

func (s *bucketStore) put(ctx context.Context, key string, f *os.File, contentType string) error {
	st, err := f.Stat()
	if err == nil {
		_, err = f.Seek(0, io.SeekStart)
	}
	if err == nil {
		_, err = s.client.PutObject(ctx, &s3.PutObjectInput{
			Bucket: aws.String(s.loc.Bucket), Key: aws.String(s.loc.Prefix + key), Body: f,
			ContentLength: aws.Int64(st.Size()), ContentType: aws.String(contentType),
			CacheControl: aws.String("public, max-age=31536000, immutable"),
		})
	}
	if err != nil {
		return fmt.Errorf("store %s: %w", key, err)
	}
	releaseTemp(f)
	return nil
}

func (s *bucketStore) open(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	o := &bucketObject{ctx: ctx, s: s, key: s.loc.Prefix + key}
	if err := o.get(0); err != nil {
		return nil, err
	}
	return o, nil
}

func (s *bucketStore) remove(ctx context.Context, key string) error {
	_, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(s.loc.Bucket), Key: aws.String(s.loc.Prefix + key)})
	if err != nil && !isNotFound(err) {
		return fmt.Errorf("remove %s: %w", key, err)
	}
	return nil
}

// isNotFound reports whether S3 answered 404 (NoSuchKey, NotFound).
func isNotFound(err error) bool {
	var re *awshttp.ResponseError
	return errors.As(err, &re) && re.HTTPStatusCode() == 404
}

// bucketObject reads an object as an io.ReadSeeker for http.ServeContent: the first GET
// gives the size, and a Read after a Seek elsewhere starts a ranged GET from there, so
// serving a range costs no more than that range.
type bucketObject struct {
	ctx  context.Context
	s    *bucketStore
	key  string
	size int64
	// pos is where the next Read starts; body reads from bodyPos on.
	pos, bodyPos int64
	body         io.ReadCloser
}

// get opens the object from byte from on, returning errPhotoMissing when it is gone.
func (o *bucketObject) get(from int64) error {
	in := &s3.GetObjectInput{Bucket: aws.String(o.s.loc.Bucket), Key: aws.String(o.key)}
	if from > 0 {
		in.Range = aws.String("bytes=" + strconv.FormatInt(from, 10) + "-")
	}
	out, err := o.s.client.GetObject(o.ctx, in)
	if isNotFound(err) {
		return errPhotoMissing
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", filepath.Base(o.key), err)
	}
	if from == 0 {
		o.size = aws.ToInt64(out.ContentLength)
	}
	o.body, o.bodyPos = out.Body, from
	return nil
}

func (o *bucketObject) Read(p []byte) (int, error) {
	if o.pos >= o.size {
		return 0, io.EOF
	}
	if o.body == nil || o.bodyPos != o.pos {
		if o.body != nil {
			_ = o.body.Close()
			o.body = nil
		}
		if err := o.get(o.pos); err != nil {
			return 0, err
		}
	}
	n, err := o.body.Read(p)
	o.pos += int64(n)
	o.bodyPos += int64(n)
	return n, err
}

func (o *bucketObject) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += o.pos
	case io.SeekEnd:
		offset += o.size
	default:
		return 0, errors.New("seek: invalid whence")
	}
	if offset < 0 {
		return 0, errors.New("seek: negative position")
	}
	o.pos = offset
	return offset, nil
}

func (o *bucketObject) Close() error {
	if o.body == nil {
		return nil
	}
	err := o.body.Close()
	o.body = nil
	return err
}
