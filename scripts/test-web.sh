#!/usr/bin/env bash
# Tests the Chess Club client app (web/chessclub): typecheck, unit tests (Vitest), the production
# build, which must equal the committed dist/ byte for byte (the Go binary embeds dist/, so a
# stale build is a bug), and the browser tests in Debian's Chromium against the real Go server.
# Installs Chromium with apt and the npm packages with `npm ci` when they are missing. Under
# CI=true a component that cannot be had is a failure, never a skip.
set -euo pipefail
cd "$(dirname "$0")/.."
app=web/chessclub

step() { printf '\n==> %s\n' "$*"; }
missing() {
  if [ "${CI:-}" = "true" ]; then
    echo "FAIL: $* (required under CI=true)" >&2
    exit 1
  fi
  echo "SKIP: $*" >&2
}

step "Node and npm"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  missing "node and npm are not installed: the client tests cannot run"
  exit 0
fi
node --version

step "Chromium"
chromium_ok=true
if [ ! -x /usr/bin/chromium ]; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    # Debian's package; no tool is ever allowed to download a browser of its own.
    apt-get install -y chromium >/dev/null || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; } || true
  fi
  if [ ! -x /usr/bin/chromium ]; then
    chromium_ok=false
    missing "Chromium is not installed (apt-get install -y chromium): the browser tests cannot run"
  fi
fi
[ "$chromium_ok" = true ] && /usr/bin/chromium --version 2>/dev/null || true

step "npm ci (when node_modules is missing or older than package-lock.json)"
stamp="$app/node_modules/.package-lock.sha256"
want=$(sha256sum "$app/package-lock.json" | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  (cd "$app" && npm ci --no-audit --no-fund)
  echo "$want" >"$stamp"
else
  echo "node_modules is up to date"
fi

step "typecheck"
(cd "$app" && npm run --silent typecheck)

step "unit tests (Vitest)"
(cd "$app" && npx vitest run)

step "production build"
(cd "$app" && npm run --silent build)

step "the committed build equals a fresh one"
# Against HEAD, not the index: a fresh clone (and the Go binary that embeds dist/) gets what is
# committed, so a changed dist/ that is only staged is still a stale build.
if ! git diff --exit-code --stat HEAD -- "$app/dist"; then
  echo "FAIL: the committed $app/dist differs from a fresh build of the sources: run 'npm run build' in $app and commit dist/" >&2
  exit 1
fi
if ! git diff --cached --exit-code --stat HEAD -- "$app/dist"; then
  echo "FAIL: $app/dist has staged changes that are not committed (and differ from a fresh build)" >&2
  exit 1
fi
untracked=$(git ls-files --others --exclude-standard -- "$app/dist")
if [ -n "$untracked" ]; then
  echo "FAIL: the fresh build has files that are not committed:" >&2
  echo "$untracked" >&2
  exit 1
fi
echo "dist/ is up to date"

step "browser tests (Chromium, Go server on a temporary SQLite)"
if [ "$chromium_ok" = true ]; then
  (cd "$app" && node --test --test-reporter=spec --test-concurrency=1 e2e/)
  echo "screenshots: test-artifacts/chessclub/"
fi

step "web tests passed"
