#!/usr/bin/env bash
# What the metrics and the access log cost: wrk point reads (GET /creatures/{id} over ids
# 1..1000, SQLite) against the Creature Catalog built without them (BASE, a revision before
# package observe) and with them in three settings, in interleaved rounds so that a busy
# neighbour on the shared cores moves every setting alike.
#
#   BASE=<revision> bash scripts/bench-observe.sh        # ROUNDS=5 DURATION=10s by default
#
# Prints one line per run and, at the end, the median and range of each setting and of its
# ratio to the bare build within each round.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${BASE:?set BASE to a revision without package observe}
rounds=${ROUNDS:-5}
duration=${DURATION:-10s}
work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }

echo "bench: building $base and the work tree" >&2
mkdir "$work/base" && git archive "$base" | tar -x -C "$work/base"
(cd "$work/base" && go build -o "$work/creatures-base" ./cmd/creatures)
go build -o "$work/creatures" ./cmd/creatures

db="$work/bench.db"
"$work/creatures" -addr 127.0.0.1:3811 -db "sqlite:$db" -access-log=false 2>/dev/null & pid=$!
for _ in $(seq 100); do curl -fs http://127.0.0.1:3811/healthz >/dev/null 2>&1 && break; sleep 0.1; done
kill $pid; wait $pid 2>/dev/null || true; pid=
python3 - "$db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM creatures")
c.execute("""INSERT INTO creatures (id, name, name_key, species, habitat, danger_level, description, created_at, updated_at)
WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 1000)
SELECT n, 'Bench ' || n, 'bench ' || n, 'Load', 'Benchmark hall', n % 11,
 'A creature made for measuring how fast the catalog answers.', datetime('now'), datetime('now') FROM seq""")
c.commit()
PY

# setting NAME: starts the server of that setting, its log in a file as an operator's would be.
start() {
  case $1 in
    bare) "$work/creatures-base" -addr 127.0.0.1:3811 -db "sqlite:$db" 2>"$work/log" & pid=$! ;;
    metrics) "$work/creatures" -addr 127.0.0.1:3811 -db "sqlite:$db" -access-log=false 2>"$work/log" & pid=$! ;;
    metrics+text) "$work/creatures" -addr 127.0.0.1:3811 -db "sqlite:$db" 2>"$work/log" & pid=$! ;;
    metrics+json) "$work/creatures" -addr 127.0.0.1:3811 -db "sqlite:$db" -log-format json 2>"$work/log" & pid=$! ;;
  esac
  for _ in $(seq 100); do curl -fs http://127.0.0.1:3811/creatures/1 >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "bench: $1 did not come up" >&2; exit 1
}

# cpu_ticks PID: user and system CPU time the process has used, in clock ticks.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
ticks=$(getconf CLK_TCK)

settings="bare metrics metrics+text metrics+json"
: >"$work/results"
for round in $(seq "$rounds"); do
  for s in $settings; do
    start "$s"
    before=$(cpu_ticks "$pid")
    out=$(wrk -t2 -c50 -d"$duration" --latency -s scripts/bench/get.lua http://127.0.0.1:3811)
    after=$(cpu_ticks "$pid")
    kill "$pid"; wait "$pid" 2>/dev/null || true; pid=
    grep -q "Non-2xx\|Socket errors" <<<"$out" && { echo "bench: $s had errors:" >&2; echo "$out" >&2; }
    r=$(awk '/Requests\/sec/ {printf "%d", $2}' <<<"$out"); p99=$(awk '$1=="99%" {print $2}' <<<"$out")
    n=$(awk '/requests in/ {print $1}' <<<"$out")
    us=$(awk -v a="$after" -v b="$before" -v t="$ticks" -v n="$n" 'BEGIN {printf "%.1f", (a - b) * 1e6 / t / n}')
    printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$s" "$r" "$p99" "$us" | tee -a "$work/results" >&2
  done
done

python3 - "$work/results" <<'PY'
import sys, statistics
rows = [l.split('\t') for l in open(sys.argv[1]).read().splitlines()]
by = {}
for rnd, s, r, p99, us in rows:
    by.setdefault(s, {})[rnd] = (int(r), p99.strip(), float(us))
print("| setting | requests/s, median (range) | ratio to bare within a round, median (range) | server CPU per request, median (range) | p99 latencies |")
print("|---|---|---|---|---|")
for s, runs in by.items():
    rps = [v[0] for v in runs.values()]
    cpu = [v[2] for v in runs.values()]
    ratios = [runs[k][0] / by['bare'][k][0] for k in runs if k in by['bare']]
    print(f"| {s} | {statistics.median(rps):,.0f} ({min(rps):,}–{max(rps):,}) | "
          f"{statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f}) | "
          f"{statistics.median(cpu):.1f} µs ({min(cpu):.1f}–{max(cpu):.1f}) | {', '.join(v[1] for v in runs.values())} |")
PY
