# Sourced by scripts/test and scripts/chaos: makes sure Debian's PostgreSQL server and its programs
# of one version (pg_dump, pg_restore, pg_basebackup) are there for the backup, restore and failover
# suites and the chaos suite (each runs a cluster of its own with them: the embedded binaries ship
# no pg_dump nor pg_basebackup). The archive testbed installs them too (DaCHS runs on them). No
# service is started.
ensure_debian_postgres() {
  ls /usr/lib/postgresql/*/bin/pg_basebackup >/dev/null 2>&1 && return 0
  section "installing Debian's PostgreSQL (server, pg_dump, pg_basebackup)"
  apt_install "no PostgreSQL of Debian's for the restore, failover and chaos suites" postgresql
}
