#!/usr/bin/env bash
# Playwright drives Debian's chromium; it never downloads a browser of its own.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
	echo "chromium not found: installing Debian's chromium package..."
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
	exit 0
fi
cat >&2 <<MSG
The end-to-end tests need Chromium at $CHROMIUM, and it is not installed.
Install it, then run the tests again:
    sudo apt-get update && sudo apt-get install -y chromium
(or set CHROMIUM_PATH to another Chromium or Chrome binary).
MSG
exit 1
