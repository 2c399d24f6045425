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
# Matched by its pid file, not by its program: the tests' own servers (a private MariaDB, the
# nodes of a Galera cluster) run /usr/sbin/mariadbd too, and must not pass for this one.
start-stop-daemon --start --background --pidfile /run/mysqld/mysqld.pid --exec /usr/sbin/mariadbd -- --user=mysql --pid-file=/run/mysqld/mysqld.pid
for _ in $(seq 1 60); do
  if ping; then exit 0; fi
  sleep 0.5
done
echo "ensure-mariadb: MariaDB did not come up on $sock" >&2
exit 1
