#!/bin/sh
# docker-compose.yml's postgres-replica: on first start copy the primary (pg_basebackup -R: a standby that streams
# from it through the slot primary-init.sh made), then run it as a hot standby that answers reads.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h "$PRIMARY_HOST" -U postgres; do sleep 1; done
  PGPASSWORD="$POSTGRES_PASSWORD" pg_basebackup -h "$PRIMARY_HOST" -U postgres -D "$PGDATA" -R -X stream \
    -c fast -S skald_replica
  chmod 700 "$PGDATA"
fi
exec postgres -c hot_standby=on -c hot_standby_feedback=on
