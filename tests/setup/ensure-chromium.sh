#!/usr/bin/env bash
# Playwright drives Debian's chromium; it never downloads a browser of its own. The browser tests
# prefer Debian's chromium-headless-shell (less than half the CPU; tests/utils/chromium.ts) and
# install it alongside when they can.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
CAN_INSTALL=false
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then CAN_INSTALL=true; fi
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium-headless-shell ] && $CAN_INSTALL; then
	echo "installing Debian's chromium-headless-shell package for the browser tests..."
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null ||
		echo "chromium-headless-shell not installed: the browser tests use chromium (slower)" >&2
fi
if [ -x "$CHROMIUM" ]; then exit 0; fi
if $CAN_INSTALL; then
	echo "chromium not found: installing Debian's chromium package..."
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
	exit 0
fi
cat >&2 <<MSG
The end-to-end tests need Chromium at $CHROMIUM, and it is not installed.
Install it, then run the tests again:
    sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell
(or set CHROMIUM_PATH to another Chromium or Chrome binary).
MSG
exit 1
