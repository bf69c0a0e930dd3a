#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster (no systemd in CI containers) and prints a URL the tests may create databases with.
set -euo pipefail
read -r version cluster _ < <(pg_lsclusters -h | head -n 1)
if [ -z "${version:-}" ]; then
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  cluster=main
  pg_createcluster "$version" "$cluster" >/dev/null
fi
pg_ctlcluster "$version" "$cluster" start >/dev/null 2>&1 || true
for _ in $(seq 1 30); do
  su postgres -c "psql -qAtc 'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
su postgres -c "psql -qc \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null
port=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $3}')
echo "postgres://postgres:postgres@127.0.0.1:${port}/postgres"
