#!/bin/sh
# Run once by the postgres image on an empty data folder (compose.yaml): the role that owns the
# tables and runs migrations, the role the app signs in as, and the database (docs/configuration.md: Database roles).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v owner_password="$HAAT_OWNER_DB_PASSWORD" -v app_password="$HAAT_APP_DB_PASSWORD" <<'SQL'
CREATE ROLE haat_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE haat_app LOGIN PASSWORD :'app_password';
CREATE DATABASE haat OWNER haat_owner;
SQL
