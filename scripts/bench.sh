#!/usr/bin/env bash
# Load benchmark over HTTP with wrk: the Creature Catalog beside the reference peers of
# ../shared/peers (the Express original on MariaDB, and a no-work limit server), and the Chess
# Club's two lists, all in one run on this machine. The servers run side by side and are measured
# in interleaved rounds (limit, ours on SQLite, ours on MariaDB, Express, ..., then again), and
# every figure is compared with its reference measured in the same round: on a shared machine
# the absolute figures drift, the same-round ratios much less. The summary gives the median and
# the range of each ratio over the rounds.
#
#   bash scripts/bench.sh                         # 3 rounds of 10 s per call and server
#   ROUNDS=5 DURATION=5s bash scripts/bench.sh
#   BEFORE=/tmp/main bash scripts/bench.sh        # also measure another build (e.g. main's) beside this one
#   PB=/path/to/pocketbase bash scripts/bench.sh  # also measure PocketBase (see below)
#
# Settings (environment):
#   ROUNDS      rounds of every call on every server (default 3)
#   DURATION    wrk's duration per run (default 10s); TIMEOUT wrk's --timeout (default 30s, above
#               any real latency here, so a slow answer is counted, not dropped)
#   IDLE_PCT    before each run, wait until the CPU is at least this idle (default 60, in %)
#               over one second, but at most IDLE_MAX seconds (default 20); when it gives up it
#               says so, and the run goes on under that load
#   BEFORE      a directory with other builds of cmd/creatures and cmd/chessclub (files
#               creatures and chessclub), measured as "before" beside this tree's build
#   PB          a PocketBase binary. Build one from its public source with
#                 GOBIN=/tmp/pb go install github.com/pocketbase/pocketbase/examples/base@v0.39.11
#               (never commit it); it serves the same 1 000 rows from a collection of its own.
#   PEERS       where the reference peers are (default ../shared/peers beside the repository)
#   MEMORY=0    skip the memory part (peak RSS while listing 1 000 to 1 000 000 rows)
#
# wrk's socket errors (connect, read, write, timeout) and non-2xx answers count as failures and
# are reported beside each figure. Needs: wrk, node/npm (for the Express peer), python3, a local
# MariaDB (scripts/ensure-mariadb.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
peers=${PEERS:-"$root/../shared/peers"}
duration=${DURATION:-10s}
timeout=${TIMEOUT:-30s}
rounds=${ROUNDS:-3}
idle_pct=${IDLE_PCT:-60}
idle_max=${IDLE_MAX:-20}
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]:-}"; do [ -n "$p" ] && { pkill -P "$p" 2>/dev/null || true; kill "$p" 2>/dev/null || true; }; done
  rm -rf "$work"
}
trap cleanup EXIT

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
bash scripts/ensure-mariadb.sh
[ -d "$peers" ] || { echo "bench: $peers is missing" >&2; exit 1; }

password=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
mariadb -u root -e "
  DROP DATABASE IF EXISTS bench_catalog; DROP DATABASE IF EXISTS creatures; DROP DATABASE IF EXISTS bench_chess;
  CREATE DATABASE bench_chess CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
  CREATE USER IF NOT EXISTS 'bench'@'127.0.0.1' IDENTIFIED BY '$password';
  ALTER USER 'bench'@'127.0.0.1' IDENTIFIED BY '$password';
  GRANT ALL ON bench_catalog.* TO 'bench'@'127.0.0.1';
  GRANT ALL ON bench_chess.* TO 'bench'@'127.0.0.1';
  GRANT ALL ON creatures.* TO 'bench'@'127.0.0.1';"

echo "bench: building" >&2
mkdir -p "$work/after"
go build -o "$work/after/creatures" ./cmd/creatures
go build -o "$work/after/chessclub" ./cmd/chessclub
builds=(after)
if [ -n "${BEFORE:-}" ]; then
  mkdir -p "$work/before" && cp "$BEFORE/creatures" "$BEFORE/chessclub" "$work/before/"
  builds=(before after)
fi
cp -r "$peers/limit" "$work/limit" && (cd "$work/limit" && go build -o limit .)
cp -r "$peers/express-creatures" "$work/express" && (cd "$work/express" && npm ci --silent --no-audit --no-fund >/dev/null 2>&1 || npm install --silent --no-audit --no-fund >/dev/null)

wait_up() { for _ in $(seq 1 200); do curl -fs "$1" >/dev/null 2>&1 && return 0; sleep 0.1; done; echo "bench: $1 did not come up" >&2; return 1; }
start() { "$@" >>"$work/server.log" 2>&1 & pids+=($!); }

# --- The data: the same 1 000 creatures in every server -------------------------------------

fill_sqlite() { # fill_sqlite FILE N: N creatures numbered 1..N, nothing else
  python3 - "$1" "$2" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM creatures")
c.execute("""INSERT INTO creatures (id, name, name_key, species, species_key, habitat, danger_level, description, description_key, created_at, updated_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?)
SELECT n, 'Bench ' || n, 'bench ' || n, 'Load', 'load', 'Benchmark hall', n % 11,
 'A creature made for measuring how fast the catalog answers.', 'a creature made for measuring how fast the catalog answers.',
 '2026-11-24 03:00:00+00:00', '2026-11-24 03:00:00+00:00' FROM seq""", (int(sys.argv[2]),))
c.commit()
PY
}
# fill_mariadb_sql TABLE N [EXTRA_COLUMNS EXTRA_VALUES]: SQL that inserts N rows numbered 1..N.
fill_mariadb_sql() {
  local table=$1 n=$2 cols=${3:-} vals=${4:-}
  cat <<SQL
DELETE FROM $table; ALTER TABLE $table AUTO_INCREMENT = 1; SET SESSION max_recursive_iterations = 1000000;
INSERT INTO $table (name, species, habitat, danger_level, description$cols)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < $n)
SELECT CONCAT('Bench ', n), 'Load', 'Benchmark hall', n % 11,
       'A creature made for measuring how fast the catalog answers.'$vals FROM seq;
SQL
}
ours_cols=", name_key, species_key, description_key, created_at, updated_at"
ours_vals=", CONCAT('bench ', n), 'load', 'a creature made for measuring how fast the catalog answers.', '2026-11-24 03:00:00', '2026-11-24 03:00:00'"

# Every build of ours serves the same SQLite file and the same MariaDB database, one after the
# other: they are never measured at the same time.
db="$work/bench.db"
"$work/after/creatures" -addr 127.0.0.1:3800 -db "sqlite:$db" >/dev/null 2>&1 & p=$!; wait_up http://127.0.0.1:3800/healthz; kill $p; wait $p 2>/dev/null || true
fill_sqlite "$db" 1000
go run ./cmd/creatures sql --database bench_catalog > "$work/catalog.sql"
mariadb -u root -e "source $work/catalog.sql"
mariadb -u root bench_catalog -e "$(fill_mariadb_sql creatures 1000 "$ours_cols" "$ours_vals")"
mariadb -u root -e "source $peers/express-creatures/schema.sql"
mariadb -u root creatures -e "$(fill_mariadb_sql creatures 1000)"

# reset_rows: drop what the POST runs added, so that every round lists the same 1 000 rows.
reset_rows() {
  python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('DELETE FROM creatures WHERE id > 1000'); c.commit()" "$db"
  mariadb -u root -e "DELETE FROM bench_catalog.creatures WHERE id > 1000; DELETE FROM creatures.creatures WHERE id > 1000;"
  if [ -n "${PB:-}" ]; then
    python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1], timeout=30); c.execute(\"DELETE FROM creatures WHERE id NOT GLOB '000000000000[0-9][0-9][0-9]' AND id != '000000000001000'\"); c.commit()" "$work/pb/data.db"
  fi
}

# servers: NAME PORT, started below; every one stays up for the whole run.
servers=()
ADDR=127.0.0.1:3999 start "$work/limit/limit"; wait_up http://127.0.0.1:3999/creatures/1
servers+=("limit 3999")
port=3801
for b in "${builds[@]}"; do
  start "$work/$b/creatures" -addr 127.0.0.1:$port -db "sqlite:$db"; wait_up http://127.0.0.1:$port/healthz
  servers+=("$b/SQLite $port"); port=$((port + 1))
  CREATURES_DB_PASSWORD=$password start "$work/$b/creatures" -addr 127.0.0.1:$port -db "mysql://bench@127.0.0.1:3306/bench_catalog"
  wait_up http://127.0.0.1:$port/healthz
  servers+=("$b/MariaDB $port"); port=$((port + 1))
done
(cd "$work/express" && DB_HOST=127.0.0.1 DB_USER=bench DB_PASSWORD=$password DB_NAME=creatures PORT=3000 exec node index.js) >>"$work/server.log" 2>&1 & pids+=($!)
wait_up http://127.0.0.1:3000/creatures/1
servers+=("Express 3000")

if [ -n "${PB:-}" ]; then
  # PocketBase: a collection "creatures" with the same fields and the same 1 000 rows, whose
  # ids are the numbers 1..1000 written with 15 digits (PocketBase's ids are 15 characters).
  "$PB" superuser upsert bench@example.com "bench-$password" --dir "$work/pb" >/dev/null
  start "$PB" serve --http 127.0.0.1:3090 --dir "$work/pb"; wait_up http://127.0.0.1:3090/api/health
  python3 - "bench-$password" <<'PY'
import json, sys, urllib.request
base = "http://127.0.0.1:3090"
def call(method, path, body, token=None):
    req = urllib.request.Request(base + path, json.dumps(body).encode(), method=method,
                                 headers={"Content-Type": "application/json", **({"Authorization": token} if token else {})})
    return json.load(urllib.request.urlopen(req))
token = call("POST", "/api/collections/_superusers/auth-with-password", {"identity": "bench@example.com", "password": sys.argv[1]})["token"]
call("POST", "/api/collections", {"name": "creatures", "type": "base", "listRule": "", "viewRule": "", "createRule": "",
    "fields": [{"name": "name", "type": "text", "required": True, "max": 100}, {"name": "species", "type": "text", "required": True, "max": 50},
               {"name": "habitat", "type": "text", "max": 100}, {"name": "danger_level", "type": "number", "min": 0, "max": 10, "onlyInt": True},
               {"name": "description", "type": "text", "max": 2000},
               {"name": "created", "type": "autodate", "onCreate": True}, {"name": "updated", "type": "autodate", "onCreate": True, "onUpdate": True}],
    "indexes": ["CREATE UNIQUE INDEX idx_creatures_name ON creatures (name COLLATE NOCASE)"]}, token)
for n in range(1, 1001):
    call("POST", "/api/collections/creatures/records", {"id": "%015d" % n, "name": "Bench %d" % n, "species": "Load", "habitat": "Benchmark hall",
         "danger_level": n % 11, "description": "A creature made for measuring how fast the catalog answers."}, token)
PY
  servers+=("PocketBase 3090")
fi

# The Chess Club: 200 members and 200 tournaments, the same in every build; members list with
# a member's token.
chess=()
port=3851
for b in "${builds[@]}"; do
  cdb="$work/chess.db"
  start "$work/$b/chessclub" -addr 127.0.0.1:$port -db "sqlite:$cdb" -figures "$work/figures"; wait_up http://127.0.0.1:$port/healthz
  chess+=("$b/SQLite $port"); port=$((port + 1))
  CHESSCLUB_DB_PASSWORD=$password start "$work/$b/chessclub" -addr 127.0.0.1:$port -db "mysql://bench@127.0.0.1:3306/bench_chess" -figures "$work/figures"
  wait_up http://127.0.0.1:$port/healthz
  chess+=("$b/MariaDB $port"); port=$((port + 1))
done
fill_chess() { # fill_chess PORT: one member by the API, 199 copies of it by SQL, 200 tournaments by the API; prints the token
  local base=http://127.0.0.1:$1
  curl -fs -XPOST "$base/api/user" -H 'Content-Type: application/json' -d '{"username":"bench","password":"bench password","full_name":"Bench Mark","email":"bench@example.com"}' >/dev/null
  curl -fs -XPOST "$base/api/login" -H 'Content-Type: application/json' -d '{"username":"bench","password":"bench password"}' |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
token_sqlite=$(fill_chess 3851)
token_mariadb=$(fill_chess 3852)
python3 - "$work/chess.db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], timeout=30)
c.execute("""INSERT INTO members (username, username_key, password_hash, full_name, email, email_key, joined_at)
WITH RECURSIVE seq(n) AS (SELECT 2 UNION ALL SELECT n + 1 FROM seq WHERE n < 200)
SELECT 'member' || n, 'member' || n, password_hash, 'Member Nr ' || n, 'member' || n || '@example.com', 'member' || n || '@example.com', joined_at
FROM seq, members WHERE members.id = 1""")
c.commit()
PY
mariadb -u root bench_chess -e "INSERT INTO members (username, username_key, password_hash, full_name, email, email_key, joined_at)
WITH RECURSIVE seq(n) AS (SELECT 2 UNION ALL SELECT n + 1 FROM seq WHERE n < 200)
SELECT CONCAT('member', n), CONCAT('member', n), password_hash, CONCAT('Member Nr ', n), CONCAT('member', n, '@example.com'), CONCAT('member', n, '@example.com'), joined_at
FROM seq, members WHERE members.id = 1"
for pt in "3851 $token_sqlite" "3852 $token_mariadb"; do
  set -- $pt
  for n in $(seq 1 200); do
    curl -fs -XPOST "http://127.0.0.1:$1/api/tournaments" -H "Authorization: Bearer $2" -H 'Content-Type: application/json' \
      -d "{\"name\":\"Bench Open $n\",\"start_date\":\"2027-01-$(printf %02d $((n % 28 + 1)))\",\"location\":\"Club hall\",\"rounds\":7,\"time_control\":\"90+30\",\"description\":\"A tournament made for measuring how fast the club answers.\"}" >/dev/null
  done
done
token_of() { case $1 in */SQLite) echo "$token_sqlite" ;; *) echo "$token_mariadb" ;; esac; }

# --- Measuring ------------------------------------------------------------------------------

# wait_idle: until the CPU was at least idle_pct idle over a second, at most idle_max seconds.
wait_idle() {
  local waited=0 a b idle
  while :; do
    a=($(head -1 /proc/stat)); sleep 1; b=($(head -1 /proc/stat)); waited=$((waited + 1))
    local ta=0 tb=0; for v in "${a[@]:1}"; do ta=$((ta + v)); done; for v in "${b[@]:1}"; do tb=$((tb + v)); done
    idle=$(( 100 * ((b[4] + b[5]) - (a[4] + a[5])) / (tb - ta) ))
    [ "$idle" -ge "$idle_pct" ] && return 0
    if [ "$waited" -ge "$idle_max" ]; then
      echo "bench: gave up waiting for an idle CPU after ${idle_max}s (idle ${idle}%, load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
      echo "gaveup" >>"$work/idle"; return 0
    fi
  done
}

# run ROUND CALL SERVER URL [LUA] [HEADER]: one wrk run, appended to the results.
run() {
  local round=$1 call=$2 server=$3 url=$4 lua=${5:-} header=${6:-}
  wait_idle
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  local out; out=$(wrk -t2 -c50 -d"$duration" --timeout "$timeout" --latency ${lua:+-s "$lua"} ${header:+-H "$header"} "$url")
  local r p99 errs
  r=$(awk '/Requests\/sec/ {printf "%d", $2}' <<<"$out"); p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errs=$(awk '/Socket errors/ {gsub(",", ""); e += $4 + $6 + $8 + $10} /Non-2xx/ {e += $NF} END {print e + 0}' <<<"$out")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$call" "$server" "$r" "$p99" "$errs" "$load" >>"$work/results"
  printf 'round %s  %-28s %-16s %8s rps  p99 %-8s failures %s  load %s\n' "$round" "$call" "$server" "$r" "$p99" "$errs" "$load" >&2
}

cat >"$work/pb-get.lua" <<'LUA'
request = function()
  return wrk.format("GET", string.format("/api/collections/creatures/records/%015d", math.random(1, 1000)))
end
LUA
cat >"$work/pb-post.lua" <<'LUA'
local counter = 0
local nthreads = 0
function setup(thread) nthreads = nthreads + 1; thread:set("tid", nthreads) end
function init(args) prefix = string.format("Load %d-%d-", os.time(), tid or 0) end
request = function()
  counter = counter + 1
  local body = string.format('{"name":"%s%d","species":"Benchmark","habitat":"wrk","danger_level":%d}', prefix, counter, counter % 11)
  return wrk.format("POST", "/api/collections/creatures/records", {["Content-Type"] = "application/json"}, body)
end
LUA

: >"$work/results"; : >"$work/idle"
for round in $(seq 1 "$rounds"); do
  for s in "${servers[@]}"; do
    set -- $s
    case $1 in
      limit) run "$round" "GET /creatures/{id}" limit "http://127.0.0.1:$2" scripts/bench/get.lua ;;
      PocketBase) run "$round" "GET /creatures/{id}" "$1" "http://127.0.0.1:$2" "$work/pb-get.lua" ;;
      *) run "$round" "GET /creatures/{id}" "$1" "http://127.0.0.1:$2" scripts/bench/get.lua ;;
    esac
  done
  for s in "${servers[@]}"; do
    set -- $s
    case $1 in
      limit) ;;
      PocketBase) run "$round" "GET /creatures" "$1" "http://127.0.0.1:$2/api/collections/creatures/records?perPage=1000&skipTotal=1" ;;
      *) run "$round" "GET /creatures" "$1" "http://127.0.0.1:$2/creatures" ;;
    esac
  done
  for s in "${chess[@]}"; do
    set -- $s
    run "$round" "GET /api/tournaments" "$1" "http://127.0.0.1:$2/api/tournaments"
    run "$round" "GET /api/members" "$1" "http://127.0.0.1:$2/api/members" "" "Authorization: Bearer $(token_of "$1")"
  done
  for s in "${servers[@]}"; do
    set -- $s
    case $1 in
      limit) ;;
      PocketBase) run "$round" "POST /creatures" "$1" "http://127.0.0.1:$2" "$work/pb-post.lua" ;;
      *) run "$round" "POST /creatures" "$1" "http://127.0.0.1:$2" scripts/bench/post.lua ;;
    esac
  done
  reset_rows
done

# Sanity: every server still lists the 1 000 rows.
for s in "${servers[@]}"; do
  set -- $s
  case $1 in
    limit) ;;
    PocketBase) n=$(curl -fs "http://127.0.0.1:$2/api/collections/creatures/records?perPage=1000&skipTotal=1" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["items"]))') ;;
    *) n=$(curl -fs "http://127.0.0.1:$2/creatures" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))') ;;
  esac
  [ "$1" = limit ] || echo "bench: $1 lists $n rows" >&2
done
bytes=$(curl -fs http://127.0.0.1:3801/creatures | wc -c)

if [ "${MEMORY:-1}" != 0 ]; then
  echo "bench: peak memory listing 1 000, 100 000 and 1 000 000 rows (SQLite)" >&2
  for rows in 1000 100000 1000000; do
    mdb="$work/mem-$rows.db"
    "$work/after/creatures" -addr 127.0.0.1:3899 -db "sqlite:$mdb" >/dev/null 2>&1 & p=$!; wait_up http://127.0.0.1:3899/healthz; kill $p; wait $p 2>/dev/null || true
    fill_sqlite "$mdb" "$rows"
    for b in "${builds[@]}"; do
      "$work/$b/creatures" -addr 127.0.0.1:3899 -db "sqlite:$mdb" >/dev/null 2>&1 & p=$!; wait_up http://127.0.0.1:3899/healthz
      mbytes=$(curl -fs http://127.0.0.1:3899/creatures | wc -c)
      hwm=$(awk '/VmHWM/ {print $2}' /proc/$p/status)
      printf 'mem\t%s\t%s\t%s\t%s\n' "$b" "$rows" "$hwm" "$mbytes" >>"$work/results"
      printf 'list %7d rows (%s bytes), %s: peak RSS %s kB\n' "$rows" "$mbytes" "$b" "$hwm" >&2
      kill $p; wait $p 2>/dev/null || true
    done
  done
fi

echo
echo "Run $(date -u +%Y-%m-%dT%H:%MZ): $rounds rounds, wrk -t2 -c50 -d$duration --timeout $timeout; the list is $bytes bytes;"
echo "load average during the runs $(awk -F'\t' '!/^mem/ {print $7}' "$work/results" | sort -n | sed -n '1p;$p' | paste -sd- -);"
echo "the wait for an idle CPU (${idle_pct}% over 1 s) gave up before $(grep -c gaveup "$work/idle" || true) of $(grep -vc '^mem' "$work/results") runs."
echo
python3 - "$work/results" <<'PY'
import sys, statistics
from collections import defaultdict
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if not l.startswith("mem")]
rps = defaultdict(dict)    # (call, server) -> round -> rps
fails = defaultdict(int)
p99 = defaultdict(list)
for rnd, call, server, r, p, e, load in rows:
    rps[(call, server)][rnd] = int(r or 0); fails[(call, server)] += int(e); p99[(call, server)].append(p)
ref = {"GET /creatures/{id}": "limit", "GET /creatures": "Express", "POST /creatures": "Express",
       "GET /api/tournaments": "limit", "GET /api/members": "limit"}
refcall = {"GET /api/tournaments": "GET /creatures/{id}", "GET /api/members": "GET /creatures/{id}"}
def ratios(a, b):
    return [a[k] / b[k] for k in a if k in b and b[k]]
def fmt(xs, suffix="×"):
    if not xs: return ""
    xs = sorted(xs)
    return "%.3g%s (%.3g–%.3g)" % (statistics.median(xs), suffix, xs[0], xs[-1])
print("| call | server | requests/s, median (range) | p99, first–last round | failures | vs %s, same round: median (range) | vs before, same round |" % "reference")
print("|---|---|---|---|---|---|---|")
for (call, server), by in rps.items():
    vals = sorted(by.values())
    r = ref[call]
    refby = rps.get((refcall.get(call, call), r), {})
    vs = "" if server == r else fmt(ratios(by, refby)) + " " + r
    before = ""
    if server.startswith("after/"):
        bb = rps.get((call, "before/" + server[6:]), {})
        before = fmt(ratios(by, bb))
    print("| %s | %s | %d (%d–%d) | %s | %d | %s | %s |" % (call, server, statistics.median(vals), vals[0], vals[-1],
          "–".join(sorted(set([p99[(call, server)][0], p99[(call, server)][-1]]))), fails[(call, server)], vs, before))
PY
if grep -q '^mem' "$work/results"; then
  echo
  echo "| rows listed | build | response bytes | peak RSS (kB) |"
  echo "|---|---|---|---|"
  grep '^mem' "$work/results" | while IFS=$'\t' read -r _ b rows hwm mbytes; do echo "| $rows | $b | $mbytes | $hwm |"; done
fi
