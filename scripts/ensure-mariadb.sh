#!/usr/bin/env bash
# Makes sure a MariaDB server runs locally and that root reaches it over the Unix socket.
# Installs Debian's mariadb-server when it is missing. Idempotent; used by `make test`.
set -euo pipefail

sock=/run/mysqld/mysqld.sock
ping() { mariadb -u root -e 'SELECT 1' >/dev/null 2>&1; }

if ping; then exit 0; fi

if ! command -v mariadbd >/dev/null 2>&1 && [ ! -x /usr/sbin/mariadbd ]; then
  echo "ensure-mariadb: installing mariadb-server" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq mariadb-server mariadb-client >/dev/null
fi

mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld 2>/dev/null || true
if [ ! -d /var/lib/mysql/mysql ]; then
  mariadb-install-db --user=mysql --datadir=/var/lib/mysql >/dev/null
fi
echo "ensure-mariadb: starting mariadbd" >&2
start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd -- --user=mysql
for _ in $(seq 1 60); do
  if ping; then exit 0; fi
  sleep 0.5
done
echo "ensure-mariadb: MariaDB did not come up on $sock" >&2
exit 1
