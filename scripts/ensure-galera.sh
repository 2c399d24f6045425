#!/usr/bin/env bash
# Makes sure the Galera tests can run: the wsrep provider (Debian's galera-4) and rsync, which
# the nodes use for state transfer. Installs what is missing with apt. The tests start their own
# 3-node cluster (internal/dbtest, galera.go) on loopback ports with data directories under a
# temporary directory; this script never touches the MariaDB server the other tests use.
# Idempotent; used by `make test`. Exits non-zero when the packages cannot be had.
set -euo pipefail

provider=/usr/lib/galera/libgalera_smm.so
have() { [ -f "$provider" ] && command -v rsync >/dev/null 2>&1 && [ -x /usr/sbin/mariadbd ]; }

if have; then exit 0; fi

echo "ensure-galera: installing galera-4 and rsync" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq galera-4 rsync mariadb-server >/dev/null
have || { echo "ensure-galera: $provider or rsync still missing" >&2; exit 1; }
