#!/usr/bin/env bash
# A local PostgreSQL primary with a streaming read replica, from Debian's PostgreSQL binaries
# (/usr/lib/postgresql/<version>/bin), for the integration tests and the benchmark:
#
#   scripts/replica.sh start [DIR] [PRIMARY_PORT]   # primary on PORT, replica on PORT+1
#   scripts/replica.sh stop-replica [DIR]           # the replica only (to see reads fall back)
#   scripts/replica.sh start-replica [DIR]
#   scripts/replica.sh stop [DIR]                   # both, and deletes DIR
#
# `start` prints DATABASE_URL and DATABASE_REPLICA_URL lines for `eval`. The pair is a new
# cluster of its own in DIR (default /tmp/jobportal-replica, ports 5441/5442), owned by the
# postgres user, trust authentication on 127.0.0.1 only, fsync off: for tests, never for data.
set -euo pipefail

cmd="${1:-}"
dir="${2:-/tmp/jobportal-replica}"
primary_port="${3:-5441}"
replica_port=$((primary_port + 1))

bin="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ -z "$bin" ] || [ ! -x "$bin/pg_ctl" ]; then
  echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2
  exit 1
fi

# The server refuses to run as root: run its tools as the postgres user.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_replica() {
  as_postgres "$bin/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w -t 60 start >/dev/null
}

stop_replica() {
  as_postgres "$bin/pg_ctl" -D "$dir/replica" -m fast -w stop >/dev/null 2>&1 || true
}

case "$cmd" in
  start)
    if [ -e "$dir" ]; then "$0" stop "$dir" >/dev/null 2>&1 || true; fi
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    as_postgres "$bin/initdb" -D "$dir/primary" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    cat >>"$dir/primary/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $primary_port
unix_socket_directories = '$dir'
wal_level = replica
max_wal_senders = 5
hot_standby = on
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
    echo "host replication all 127.0.0.1/32 trust" >>"$dir/primary/pg_hba.conf"
    as_postgres "$bin/pg_ctl" -D "$dir/primary" -l "$dir/primary.log" -w -t 60 start >/dev/null
    # The replica: a base backup that keeps streaming (-R writes standby.signal and the
    # connection), on the next port.
    as_postgres "$bin/pg_basebackup" -h 127.0.0.1 -p "$primary_port" -U postgres \
      -D "$dir/replica" -R -X stream >/dev/null
    echo "port = $replica_port" >>"$dir/replica/postgresql.auto.conf"
    start_replica
    echo "DATABASE_URL=postgres://postgres@127.0.0.1:$primary_port/postgres"
    echo "DATABASE_REPLICA_URL=postgres://postgres@127.0.0.1:$replica_port/postgres"
    ;;
  stop-replica) stop_replica ;;
  start-replica) start_replica ;;
  stop)
    stop_replica
    as_postgres "$bin/pg_ctl" -D "$dir/primary" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start|stop|stop-replica|start-replica [DIR] [PRIMARY_PORT]" >&2
    exit 2
    ;;
esac
