#!/usr/bin/env bash
# The multi-instance tests and `npm run cluster` run Debian's PostgreSQL and nginx, started by the
# project's own scripts (never a system service). Installs the packages when missing.
set -euo pipefail
NGINX="${NGINX_BIN:-/usr/sbin/nginx}"
has_postgres() {
	if [ -n "${PG_BIN:-}" ]; then [ -x "$PG_BIN/postgres" ]; return; fi
	compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null
}
missing=()
has_postgres || missing+=(postgresql)
[ -x "$NGINX" ] || missing+=(nginx)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
	echo "${missing[*]} not found: installing Debian's package(s)..."
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
	exit 0
fi
cat >&2 <<MSG
The multi-instance tests need ${missing[*]}, and it is not installed.
Install it, then run the tests again:
    sudo apt-get update && sudo apt-get install -y ${missing[*]}
(or set PG_BIN to a folder holding PostgreSQL's initdb and postgres, NGINX_BIN to an nginx binary).
MSG
exit 1
