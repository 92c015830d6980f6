#!/bin/sh
# docker-compose.yml's postgres (the primary), first start only: let the replica stream from it, with a slot
# that keeps the WAL a restarting replica still needs (scripts/cluster/postgres.ts does the same on one machine).
set -eu
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d "$POSTGRES_DB" \
  -c "select pg_create_physical_replication_slot('skald_replica')"
