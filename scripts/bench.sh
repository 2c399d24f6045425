#!/usr/bin/env bash
# Load benchmark of the Creature Catalog over HTTP with wrk, beside the reference peers of
# ../shared/peers (the Express original on MariaDB, and a no-work limit server), all in one run
# on this machine, so the ratios mean something even when absolute figures drift.
#
#   bash scripts/bench.sh            # ~4 minutes; prints a Markdown table and the memory figures
#   DURATION=20s bash scripts/bench.sh
#
# Needs: wrk, node/npm (for the Express peer), a local MariaDB (scripts/ensure-mariadb.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
peers="$root/../shared/peers"
duration=${DURATION:-10s}
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]:-}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
bash scripts/ensure-mariadb.sh
[ -d "$peers" ] || { echo "bench: $peers is missing" >&2; exit 1; }

password=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
mariadb -u root -e "
  DROP DATABASE IF EXISTS bench_catalog; DROP DATABASE IF EXISTS creatures;
  CREATE USER IF NOT EXISTS 'bench'@'127.0.0.1' IDENTIFIED BY '$password';
  ALTER USER 'bench'@'127.0.0.1' IDENTIFIED BY '$password';
  GRANT ALL ON bench_catalog.* TO 'bench'@'127.0.0.1';
  GRANT ALL ON creatures.* TO 'bench'@'127.0.0.1';"

# fill_sql TABLE N [EXTRA_COLUMNS EXTRA_VALUES]: SQL that inserts N rows numbered 1..N.
fill_sql() {
  local table=$1 n=$2 cols=${3:-} vals=${4:-}
  cat <<SQL
INSERT INTO $table (name, species, habitat, danger_level, description$cols)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < $n)
SELECT CONCAT('Bench ', n), 'Load', 'Benchmark hall', n % 11,
       'A creature made for measuring how fast the catalog answers.'$vals FROM seq;
SQL
}
ours_cols=", name_key, created_at, updated_at"
ours_vals=", CONCAT('bench ', n), UTC_TIMESTAMP(), UTC_TIMESTAMP()"

echo "bench: building" >&2
go build -o "$work/creatures" ./cmd/creatures
cp -r "$peers/limit" "$work/limit" && (cd "$work/limit" && go build -o limit . )
cp -r "$peers/express-creatures" "$work/express" && (cd "$work/express" && npm ci --silent --no-audit --no-fund >/dev/null 2>&1 || npm install --silent --no-audit --no-fund >/dev/null)

wait_up() { for _ in $(seq 1 100); do curl -fs "$1" >/dev/null 2>&1 && return 0; sleep 0.1; done; echo "bench: $1 did not come up" >&2; return 1; }
start() { "$@" >"$work/server.log" 2>&1 & pids+=($!); last_pid=$!; }
stop() { kill "$last_pid" 2>/dev/null || true; wait "$last_pid" 2>/dev/null || true; }

# rps NAME URL [LUA]: one wrk run; prints requests/s, fails on errors or non-2xx answers.
rps() {
  local name=$1 url=$2 lua=${3:-}
  local out; out=$(wrk -t2 -c50 -d"$duration" --latency ${lua:+-s "$lua"} "$url")
  if grep -q "Non-2xx" <<<"$out"; then echo "bench: $name had non-2xx answers:" >&2; echo "$out" >&2; fi
  local r p99; r=$(awk '/Requests\/sec/ {printf "%d", $2}' <<<"$out"); p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  printf '%s\t%s\t%s\n' "$name" "$r" "$p99" >>"$work/results"
  printf '%-40s %8s rps  p99 %s\n' "$name" "$r" "$p99" >&2
}

: >"$work/results"

echo "bench: limit server" >&2
ADDR=127.0.0.1:3999 start "$work/limit/limit"; wait_up http://127.0.0.1:3999/creatures/1
rps "limit GET /creatures/{id}" http://127.0.0.1:3999 scripts/bench/get.lua; stop

run_ours() { # run_ours LABEL DBURL FILLCMD...
  local label=$1 url=$2
  CREATURES_DB_PASSWORD=$password start "$work/creatures" -addr 127.0.0.1:3801 -db "$url"
  wait_up http://127.0.0.1:3801/healthz
}

echo "bench: ours on SQLite" >&2
db="$work/bench.db"
"$work/creatures" -addr 127.0.0.1:3801 -db "sqlite:$db" >/dev/null 2>&1 & p=$!; wait_up http://127.0.0.1:3801/healthz; kill $p; wait $p 2>/dev/null || true
python3 - "$db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM creatures")
c.execute("""INSERT INTO creatures (id, name, name_key, species, habitat, danger_level, description, created_at, updated_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 10000)
SELECT n, 'Bench ' || n, 'bench ' || n, 'Load', 'Benchmark hall', n % 11,
 'A creature made for measuring how fast the catalog answers.', datetime('now'), datetime('now') FROM seq""")
c.commit()
PY
run_ours sqlite "sqlite:$db"
rps "ours/SQLite GET /creatures/{id}" http://127.0.0.1:3801 scripts/bench/get.lua
rps "ours/SQLite GET /creatures (10k rows)" http://127.0.0.1:3801/creatures
rps "ours/SQLite POST /creatures" http://127.0.0.1:3801 scripts/bench/post.lua
stop

echo "bench: ours on MariaDB" >&2
go run ./cmd/creatures sql --database bench_catalog > "$work/catalog.sql"
mariadb -u root -e "source $work/catalog.sql"
mariadb -u root bench_catalog -e "DELETE FROM creatures; ALTER TABLE creatures AUTO_INCREMENT = 1; SET SESSION max_recursive_iterations = 1000000; $(fill_sql creatures 10000 "$ours_cols" "$ours_vals")"
run_ours mariadb "mysql://bench@127.0.0.1:3306/bench_catalog"
rps "ours/MariaDB GET /creatures/{id}" http://127.0.0.1:3801 scripts/bench/get.lua
rps "ours/MariaDB GET /creatures (10k rows)" http://127.0.0.1:3801/creatures
rps "ours/MariaDB POST /creatures" http://127.0.0.1:3801 scripts/bench/post.lua
stop

echo "bench: Express peer on MariaDB" >&2
mariadb -u root -e "source $peers/express-creatures/schema.sql"
mariadb -u root creatures -e "SET SESSION max_recursive_iterations = 1000000; $(fill_sql creatures 10000)"
(cd "$work/express" && DB_HOST=127.0.0.1 DB_USER=bench DB_PASSWORD=$password DB_NAME=creatures PORT=3000 exec node index.js) >"$work/express.log" 2>&1 & pids+=($!); last_pid=$!
wait_up http://127.0.0.1:3000/creatures/1
rps "express/MariaDB GET /creatures/{id}" http://127.0.0.1:3000 scripts/bench/get.lua
rps "express/MariaDB GET /creatures (10k rows)" http://127.0.0.1:3000/creatures
rps "express/MariaDB POST /creatures" http://127.0.0.1:3000 scripts/bench/post.lua
pkill -P "$last_pid" 2>/dev/null || true; stop

echo "bench: peak memory listing 1 000, 100 000 and 1 000 000 rows (SQLite)" >&2
for rows in 1000 100000 1000000; do
  db="$work/mem-$rows.db"
  "$work/creatures" -addr 127.0.0.1:3802 -db "sqlite:$db" >/dev/null 2>&1 & p=$!; wait_up http://127.0.0.1:3802/healthz; kill $p; wait $p 2>/dev/null || true
  python3 - "$db" "$rows" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM creatures")
c.execute("""INSERT INTO creatures (id, name, name_key, species, habitat, danger_level, description, created_at, updated_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?)
SELECT n, 'Bench ' || n, 'bench ' || n, 'Load', 'Benchmark hall', n % 11,
 'A creature made for measuring how fast the catalog answers.', datetime('now'), datetime('now') FROM seq""", (int(sys.argv[2]),))
c.commit()
PY
  "$work/creatures" -addr 127.0.0.1:3802 -db "sqlite:$db" >/dev/null 2>&1 & p=$!; wait_up http://127.0.0.1:3802/healthz
  curl -fs http://127.0.0.1:3802/creatures -o "$work/list.json"
  bytes=$(stat -c %s "$work/list.json")
  hwm=$(awk '/VmHWM/ {print $2}' /proc/$p/status)
  printf 'mem\t%s\t%s\t%s\n' "$rows" "$hwm" "$bytes" >>"$work/results"
  printf 'list %7d rows (%s bytes): peak RSS %s kB\n' "$rows" "$bytes" "$hwm" >&2
  kill $p; wait $p 2>/dev/null || true
done

echo
echo "| run | requests/s | p99 latency |"
echo "|---|---|---|"
grep -v '^mem' "$work/results" | while IFS=$'\t' read -r name r p99; do echo "| $name | $r | $p99 |"; done
echo
echo "| rows listed | response bytes | peak RSS (kB) |"
echo "|---|---|---|"
grep '^mem' "$work/results" | while IFS=$'\t' read -r _ rows hwm bytes; do echo "| $rows | $bytes | $hwm |"; done
