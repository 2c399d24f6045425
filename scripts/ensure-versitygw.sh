#!/usr/bin/env bash
# Makes sure versitygw, the S3 server that the photo-bucket tests start (internal/s3test),
# is installed in $(go env GOPATH)/bin. Builds it with go install when missing: about 3 to 8
# minutes on 2 cores, once. Idempotent; used by `make test`.
set -euo pipefail

version=v1.8.0
bin="$(go env GOPATH)/bin/versitygw"

if [ -x "$bin" ] || command -v versitygw >/dev/null 2>&1; then exit 0; fi
echo "ensure-versitygw: installing versitygw ${version} (takes a few minutes)" >&2
go install "github.com/versity/versitygw/cmd/versitygw@${version}"
