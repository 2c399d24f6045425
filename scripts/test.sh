#!/usr/bin/env bash
# Runs every test of the project: formatting, vet, staticcheck, the Go tests on SQLite and
# MariaDB, and the client app's tests (typecheck, Vitest, a rebuild that must equal the
# committed build, and browser tests in Chromium). Installs and starts what the tests need
# when it is missing (MariaDB, Galera and Chromium from apt, versitygw with go install, npm packages with npm ci). Under CI=true a component
# that cannot be had is a failure, never a skip.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:$(go env GOPATH)/bin"

step() { printf '\n==> %s\n' "$*"; }

step "MariaDB"
if ! bash scripts/ensure-mariadb.sh; then
  if [ "${CI:-}" = "true" ]; then echo "MariaDB is required under CI=true" >&2; exit 1; fi
  echo "MariaDB unavailable: its tests will be skipped (they fail under CI=true)" >&2
fi

step "Galera (a 3-node MariaDB cluster the tests start on loopback ports)"
if ! bash scripts/ensure-galera.sh; then
  if [ "${CI:-}" = "true" ]; then echo "Galera is required under CI=true" >&2; exit 1; fi
  echo "Galera unavailable: its tests will be skipped (they fail under CI=true)" >&2
fi

step "versitygw (S3 server for the photo-bucket tests)"
if ! bash scripts/ensure-versitygw.sh; then
  if [ "${CI:-}" = "true" ]; then echo "versitygw is required under CI=true" >&2; exit 1; fi
  echo "versitygw unavailable: the photo-bucket tests will be skipped (they fail under CI=true)" >&2
fi

step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './web/*/node_modules/*'))
if [ -n "$unformatted" ]; then echo "gofmt would change:"; echo "$unformatted"; exit 1; fi

step "go vet"
go vet ./...

step "staticcheck"
# Pinned, so that a new release cannot turn a green build red overnight; bump it on purpose.
staticcheck_version=v0.8.2
if ! staticcheck -version 2>/dev/null | grep -q "(${staticcheck_version#v})"; then
  go install "honnef.co/go/tools/cmd/staticcheck@${staticcheck_version}"
fi
staticcheck ./...

step "go test"
# The chess rules (internal/chess/...) are a pure, single-goroutine domain: the race detector
# has nothing to find there, and it made their exactness tests (every oracle, bbpPairings and
# large file, every run) about five times slower. They run once without it; a goroutine appearing in
# that tree's code brings them back under the detector.
chess_pkgs=./internal/chess/...
if grep -rlE --include='*.go' --exclude='*_test.go' '\bgo (func|[A-Za-z_.]+\()' internal/chess >/dev/null; then
  chess_race=-race
else
  chess_race=
fi
go test $chess_race -count=1 -timeout 30m $chess_pkgs
# A package binary may take longer than go test's default 10 minutes on a busy 2-core machine
# under the race detector (internal/chessclub runs ~4 000 HTTP cases on two databases).
go test -race -count=1 -timeout 30m $(go list ./... | grep -vE '/internal/chess(/|$)')

step "go test on a Galera cluster"
# The services' store and API suites once more, on a 3-node MariaDB Galera cluster on loopback
# ports (internal/dbtest, galera.go), each database reached through the next node: the catalog's store and API, the club's API matrix, tournaments,
# members, logins and photo store. The Galera-only tests (a node killed under a tournament
# night, a node paused, quorum lost, migrations through three nodes) run in the main run above.
# Without the race detector: the main run has raced the same code. One cluster serves every
# binary of the pass (internal/dbtest/galerarun, TEST_GALERA_NODES), started once for the run.
galera_dir=$(mktemp -d)
go build -o "$galera_dir/galerarun" ./internal/dbtest/galerarun
"$galera_dir/galerarun" >"$galera_dir/ports" 2>"$galera_dir/log" </dev/null &
galera_pid=$!
# Under set -e a failing command in the trap would be the script's status: each may fail.
trap 'kill "$galera_pid" 2>/dev/null || true; wait "$galera_pid" 2>/dev/null || true; rm -rf "$galera_dir"' EXIT
for _ in $(seq 1 300); do
  [ -s "$galera_dir/ports" ] && break
  if ! kill -0 "$galera_pid" 2>/dev/null; then cat "$galera_dir/log" >&2; echo "the Galera cluster did not start" >&2; exit 1; fi
  sleep 1
done
[ -s "$galera_dir/ports" ] || { cat "$galera_dir/log" >&2; echo "the Galera cluster was not Synced within 300 s" >&2; exit 1; }
TEST_GALERA_NODES=$(cat "$galera_dir/ports") TEST_MARIADB_TARGET=galera go test -count=1 -timeout 20m ./internal/creatures ./internal/chessclub \
  ./internal/chessclub/play/... ./internal/chessclub/members ./internal/chessclub/auth ./internal/chessclub/photos
kill "$galera_pid" && wait "$galera_pid" || true

step "client app (web/chessclub)"
bash scripts/test-web.sh
